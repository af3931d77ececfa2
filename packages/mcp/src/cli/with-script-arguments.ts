/**
 * Gives a script its command-line arguments as the global `args`. The core has no ExecuteOptions field for globals
 * yet, so this prepends a declaration on the script's first line: line numbers stay right, and only columns of line
 * 1 shift.
 */
export function withScriptArguments(code: string, args: readonly string[]): string {
  return `const args = Object.freeze(${JSON.stringify(args)}); ${code}`;
}
