import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of this app, where its package.json scripts live. */
export const APP_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * A shell command that runs one of this app's package scripts, as the README's users run pnpm: `npx -y pnpm@12.4.2`
 * works where pnpm is not installed (and where it is), and `-C` makes it run from any folder.
 */
export function demoCommand(script: string, args: readonly string[] = [], env: Record<string, string> = {}): string {
  const assignments = Object.entries(env).map(([name, value]) => `${name}=${quote(value)}`);
  return [...assignments, "npx -y pnpm@12.4.2 -C", quote(APP_DIR), "run", script, ...args.map(quote)].join(" ");
}

// POSIX shell quoting, only where a word needs it, so the common command stays easy to read.
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'"'"'`)}'`;
}
