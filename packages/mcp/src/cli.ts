import { runCli } from "./cli/index.js";

const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  stderrIsTerminal: process.stderr.isTTY === true,
};

// A stray rejection (an upstream library, a worker torn down during shutdown) is reported, but it must not kill a
// serving gateway or turn a finished command's exit code into a crash.
process.on("unhandledRejection", (reason) => {
  io.stderr(`codemode: unhandled error: ${reason instanceof Error ? reason.message : String(reason)}\n`);
});

// Exit once stdout and stderr are flushed: through a pipe, process.exit would drop what is still buffered.
const exit = (code: number) => process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));

runCli(process.argv.slice(2), io).then(exit, (error: unknown) => {
  io.stderr(`codemode: ${error instanceof Error ? error.message : String(error)}\n`);
  exit(2);
});
