import { runCli } from "./cli/run-cli.js";

const io = { stdout: (text: string) => process.stdout.write(text), stderr: (text: string) => process.stderr.write(text) };

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
    // Upstream child processes and worker threads are closed by now; exit anyway so nothing left behind hangs us.
    setTimeout(() => process.exit(code), 200).unref();
  },
  (error: unknown) => {
    process.stderr.write(`codemode: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
