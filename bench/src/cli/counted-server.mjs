// Runs an MCP server's entry file in this same process after noting its start in a file, so that the CLI benchmark
// can count how many servers each command started, and how often, and wait for them to exit before it times the next
// command (argv: STARTS_FILE ID ENTRY [SERVER ARGS...]).
import { appendFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [startsFile, id, entry, ...rest] = process.argv.slice(2);
appendFileSync(startsFile, `${id}\n`);
process.on("exit", () => appendFileSync(startsFile, `exit ${id}\n`));
// The server reads its own arguments (server-filesystem, its folders) from argv.
process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(entry).href);
