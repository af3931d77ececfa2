import { accessSync, constants } from "node:fs";
import path from "node:path";

/** The programs a cluster runs beside the gateway, each with the Debian package that provides it. */
export const CLUSTER_PROGRAMS = { "redis-server": "redis-server", haproxy: "haproxy" } as const;

/** A program the harness starts. */
export type ClusterProgram = keyof typeof CLUSTER_PROGRAMS;

// Debian installs haproxy in /usr/sbin, which a non-root user's PATH often lacks.
const SYSTEM_DIRS = ["/usr/sbin", "/sbin", "/usr/local/sbin"];

/** The absolute path of `name` on PATH (or in the system's sbin folders), or undefined when it is not installed. */
export function findProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), ...SYSTEM_DIRS];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/** The programs of `names` that are not installed. */
export function missingPrograms(names: readonly ClusterProgram[] = ["redis-server", "haproxy"]): ClusterProgram[] {
  return names.filter((name) => findProgram(name) === undefined);
}

/** What to tell someone whose machine lacks `missing`: which are missing and the apt-get command that installs them. */
export function missingProgramsMessage(missing: readonly ClusterProgram[]): string {
  const packages = [...new Set(missing.map((name) => CLUSTER_PROGRAMS[name]))].join(" ");
  return `${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not on PATH: install ${missing.length === 1 ? "it" : "them"} with \`sudo apt-get install -y ${packages}\` (Debian, Ubuntu).`;
}

/** The path of each program of `names`; throws, naming the apt-get command, when any is missing. */
export function requirePrograms<Name extends ClusterProgram>(names: readonly Name[]): Record<Name, string> {
  const missing = missingPrograms(names);
  if (missing.length > 0) throw new Error(missingProgramsMessage(missing));
  return Object.fromEntries(names.map((name) => [name, findProgram(name) as string])) as Record<Name, string>;
}
