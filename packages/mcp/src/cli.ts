import * as nodeModule from "node:module";

// Node's on-disk compile cache (22.1 and later) spares V8 compiling the gateway's JavaScript again on each start after
// the first. It covers only the modules loaded after it is on, so the CLI's own are imported below, not above.
// NODE_COMPILE_CACHE=dir moves it; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node 22.0 has no such function.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runCli } = await import("./cli/index.js");

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
