import path from "node:path";

/** What `${...}` references in a config string are expanded from. */
export interface ConfigVariables {
  env: Record<string, string | undefined>;
  /** `${userHome}`. */
  home: string;
  /** `${workspaceFolder}` (VS Code, Cursor). */
  workspaceFolder: string;
}

const REFERENCE = /\$\{([^}]*)\}/g;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KNOWN = "${env:NAME}, ${NAME}, ${NAME:-default}, ${userHome} and ${workspaceFolder}";

/**
 * Expands the variables MCP clients write in their configs: `${env:NAME}` (VS Code, Cursor), `${NAME}` and
 * `${NAME:-default}` (Claude Code), and the editors' `${userHome}`, `${workspaceFolder}`, `${workspaceFolderBasename}`,
 * `${pathSeparator}` and `${/}`. Each reference that cannot be expanded is reported, with what to write instead.
 */
export function expandVariables(text: string, variables: ConfigVariables, report: (problem: string) => void): string {
  return text.replace(REFERENCE, (match, inner: string) => {
    const found = expandOne(inner, variables);
    if (typeof found === "string") return found;
    report(found.problem);
    return "";
  });
}

function expandOne(inner: string, { env, home, workspaceFolder }: ConfigVariables): string | { problem: string } {
  switch (inner) {
    case "userHome":
      return home;
    case "workspaceFolder":
      return workspaceFolder;
    case "workspaceFolderBasename":
      return path.basename(workspaceFolder);
    case "pathSeparator":
    case "/":
      return path.sep;
  }
  if (inner.startsWith("env:")) return fromEnv(inner.slice(4), undefined, env);
  if (inner.startsWith("input:")) {
    const name = envNameFor(inner.slice(6));
    return {
      problem:
        `\${${inner}} is a VS Code prompt, and the gateway runs with nobody to ask; write \${env:${name}} ` +
        `and set ${name} in the gateway's environment`,
    };
  }
  const withDefault = /^([A-Za-z_][A-Za-z0-9_]*):-(.*)$/s.exec(inner);
  if (withDefault) return fromEnv(withDefault[1]!, withDefault[2]!, env);
  if (ENV_NAME.test(inner)) return fromEnv(inner, undefined, env);
  return { problem: `\${${inner}} is not a variable the gateway expands; it expands ${KNOWN}` };
}

function fromEnv(name: string, fallback: string | undefined, env: Record<string, string | undefined>): string | { problem: string } {
  if (!ENV_NAME.test(name)) return { problem: `\${env:${name}} does not name an environment variable (letters, digits and _)` };
  const value = env[name];
  // As in a shell's ${NAME:-default}: an empty value takes the default too.
  if (fallback !== undefined) return value === undefined || value === "" ? fallback : value;
  return value ?? { problem: `environment variable ${name} is not set` };
}

/** The environment variable name that stands for a VS Code input id: `api-key` becomes `API_KEY`. */
export function envNameFor(id: string): string {
  const name = id.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "").toUpperCase();
  return /^[A-Z_]/.test(name) ? name : `_${name}`;
}
