export { CLI_USAGE } from "./cli-usage.js";
export { runCli, type CliIo } from "./run-cli.js";
