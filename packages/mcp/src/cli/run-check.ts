import type { CheckResult } from "@codemode/core";

/**
 * `codemode check SCRIPT`: checks a script against the declarations of the tools, without running it, and prints
 * each fault as `SCRIPT:line:column: code: message`. Exits 0 when the script is clean, 1 when it has faults.
 */
export async function runCheck(file: string, code: string, check: (code: string) => Promise<CheckResult>, io: { stdout: (text: string) => void }): Promise<number> {
  const { ok, diagnostics } = await check(code);
  const name = file === "-" ? "<stdin>" : file;
  for (const diagnostic of diagnostics) {
    io.stdout(`${name}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.code}: ${diagnostic.message}\n`);
  }
  const count = diagnostics.length === 1 ? "1 fault" : `${diagnostics.length} faults`;
  io.stdout(ok ? `${name}: no faults; it may run.\n` : `${name}: ${count}; the gateway would refuse to run it.\n`);
  return ok ? 0 : 1;
}
