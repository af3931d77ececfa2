import type { API, Snapshot } from "typescript-go/unstable/async";
import { CodeModeError } from "../errors/index.js";
import { nodeBuiltin } from "../portable/index.js";
import type { CheckRequest, Fault, ScriptChecker } from "./script-checker.js";

// The check's files live in a folder of their own that exists only in memory; the compiler reads its own libraries
// from its package.
const ROOT = "/codemode-check";
const CONFIG = `${ROOT}/tsconfig.json`;
const SCRIPT = `${ROOT}/script.ts`;
const DECLARATIONS = `${ROOT}/declarations.d.ts`;

/**
 * Loose settings: a script is JavaScript as often as TypeScript. Only `strictNullChecks` is on, as without it
 * `if (!r.ok) return` does not narrow an envelope.
 */
const COMPILER_OPTIONS = {
  target: "esnext",
  lib: ["esnext"],
  strict: false,
  strictNullChecks: true,
  noEmit: true,
  types: [],
  skipLibCheck: true,
  noLib: false,
};

/** The package the compiler comes in, named in the error a user gets when it cannot start. */
export const CHECKER_PACKAGE = "typescript-go (npm:typescript@7.0.2)";

interface ChildHandles {
  process?: { unref(): void; stdin?: { unref?(): void }; stdout?: { unref?(): void } };
}

/**
 * The checker on TypeScript 7's native compiler, through its API (`typescript/unstable/async`): a compiler process
 * started on the first check and kept for the next ones, each check an update of in-memory files. The work runs in
 * that process, so the host's event loop only passes messages. Checks run one at a time; the process does not keep
 * the host alive while it waits for the next. `executable` replaces the compiler's binary (the platform package's).
 */
export function createNativeChecker(options: { executable?: string } = {}): ScriptChecker {
  const files = new Map<string, string>([[CONFIG, JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: ["declarations.d.ts", "script.ts"] })]]);
  let started: Promise<{ api: API; snapshot: Snapshot | undefined; findFaults: typeof import("./find-faults.js").findFaults }> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  // The compiler's API and the rules that read it: loaded when a code mode that checks is made (see preload), the
  // compiler's process started on the first check.
  let modules: Promise<[typeof import("typescript-go/unstable/async"), typeof import("./find-faults.js")]> | undefined;
  const load = () => (modules ??= Promise.all([import("typescript-go/unstable/async"), import("./find-faults.js")]));
  const start = async () => {
    let module: typeof import("typescript-go/unstable/async");
    let findFaults: typeof import("./find-faults.js").findFaults;
    try {
      [module, { findFaults }] = await load();
    } catch (error) {
      modules = undefined;
      throw unavailable(error);
    }
    const inRoot = (name: string) => name === ROOT || name.startsWith(`${ROOT}/`);
    const api = new module.API({
      ...(options.executable === undefined ? {} : { tsserverPath: options.executable }),
      cwd: ROOT,
      fs: {
        readFile: (name) => (files.has(name) ? files.get(name)! : inRoot(name) ? null : undefined),
        fileExists: (name) => (files.has(name) ? true : inRoot(name) ? false : undefined),
        directoryExists: (name) => (name === ROOT || name === `${ROOT}/` ? true : inRoot(name) ? false : undefined),
      },
    });
    return { api, snapshot: undefined, findFaults };
  };

  async function check(request: CheckRequest): Promise<Fault[]> {
    const changed = [SCRIPT, DECLARATIONS].filter((name) => files.get(name) !== (name === SCRIPT ? request.script : request.declarations));
    files.set(SCRIPT, request.script);
    files.set(DECLARATIONS, request.declarations);
    const starting = (started ??= start());
    let state: Awaited<typeof starting> | undefined;
    try {
      state = await starting;
      const previous = state.snapshot;
      state.snapshot = await state.api
        .updateSnapshot(previous ? { fileChanges: { changed } } : { openProjects: [CONFIG] })
        .catch((error: unknown) => {
          throw unavailable(error);
        });
      await previous?.dispose();
      const project = state.snapshot.getProject(CONFIG);
      if (!project) throw unavailable(new Error("the compiler did not open the check's project"));
      return await state.findFaults(project, SCRIPT, DECLARATIONS);
    } catch (error) {
      // A compiler that failed once is started afresh for the next check.
      if (started === starting) started = undefined;
      void state?.api.close().catch(() => undefined);
      throw isUnavailable(error) ? error : unavailable(error);
    } finally {
      if (state) release(state.api);
    }
  }

  return {
    preload() {
      // A failure shows at the first check, with its message.
      load().catch(() => undefined);
    },
    check(request) {
      const result = queue.then(() => keepAlive(() => check(request)));
      queue = result.catch(() => undefined);
      return result;
    },
    close() {
      const state = started;
      started = undefined;
      return keepAlive(async () => {
        await queue;
        if (state) await (await state).api.close().catch(() => undefined);
      });
    },
  };
}

/**
 * Keeps the host alive while a check or the compiler's shutdown is under way, whatever its process is doing (starting,
 * between two messages, exiting): its own handles are let go between checks, so that they never keep the host alive.
 */
async function keepAlive<T>(work: () => Promise<T>): Promise<T> {
  const alive = setInterval(() => undefined, 60_000);
  try {
    return await work();
  } finally {
    clearInterval(alive);
  }
}

/** Lets the host exit while the compiler's process waits for the next check. */
function release(api: API): void {
  const child = (api as unknown as { client: ChildHandles }).client.process;
  for (const handle of [child, child?.stdin, child?.stdout]) handle?.unref?.();
}

function isUnavailable(error: unknown): boolean {
  return error instanceof CodeModeError && error.code === "CHECK_UNAVAILABLE";
}

function unavailable(cause: unknown): CodeModeError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  // Deno without the permissions the compiler's process needs says "run again with the --allow-... flag".
  const fix = /run again with the --allow-\w+ flag/.test(reason)
    ? "grant Deno what the compiler needs (--allow-env, --allow-read of Deno's npm cache, --allow-run of the compiler's binary)"
    : "reinstall with optional dependencies (npm install)";
  const { arch, platform } = nodeBuiltin("node:os");
  return new CodeModeError(
    "CHECK_UNAVAILABLE",
    `The script checker could not run (${reason}). It is TypeScript 7's native compiler, the dependency ${CHECKER_PACKAGE} of @codemode/core with its platform package @typescript/typescript-${platform()}-${arch()}: ${fix}, or turn checking off with createCodeMode({ check: "off" }).`,
    { cause },
  );
}
