import type { ScriptChecker } from "../check/index.js";
import type { WorkerPool, WorkerPoolOptions } from "../sandbox/index.js";
import type { TransformTypeScript } from "../script/index.js";
import type { OwnerWorkspaces, WorkspaceOptions } from "../workspace/index.js";

/**
 * Where scripts run. "workers": a pool of threads (Node.js, Bun and Deno worker threads, a browser's Web Workers),
 * each engine stoppable at any time. "in-process": engines on the host's own thread, for runtimes without threads
 * (Cloudflare Workers, edge runtimes) and by choice where a thread's wake-ups cost more than the isolation gives.
 */
export type EngineKind = "workers" | "in-process";

/** What the core needs from the runtime it runs on; one per build (`#platform`). */
export interface Platform {
  /** The engines the runtime offers, its default first. */
  readonly engines: readonly EngineKind[];
  createPool(engine: EngineKind, options: WorkerPoolOptions): WorkerPool;
  /** How many scripts may usefully run at once: the CPUs the runtime reports. */
  cpuCount(): number;
  /**
   * Each owner's workspace over the real files; refused with an error naming the runtime where there is no file
   * system.
   */
  createWorkspaces(options: WorkspaceOptions): OwnerWorkspaces;
  /** SWC's strip-only transform, its WebAssembly loaded by the runtime's own means. */
  loadTypeStripper(): Promise<TransformTypeScript>;
  /**
   * The script checker, where the runtime can start TypeScript 7's compiler process: `hold` for a code mode (released
   * by its `close`), `shared` for a check without one. Absent elsewhere, where scripts run unchecked by default.
   */
  readonly scriptChecker?: { hold(): ScriptChecker; shared(): ScriptChecker };
}
