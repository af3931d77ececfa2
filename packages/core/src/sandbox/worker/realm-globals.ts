import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from "quickjs-emscripten-core";
import type { GuestBridge } from "./guest-bridge.js";
import { newHostFunction } from "./new-host-function.js";

/** Globals every run has, defined while the worker waits for its next run. */
const EVERY_RUN = ["tools", "args", "console"] as const;

/**
 * The native pieces a realm's scripts reach (the `host` function and the getters of the lazy globals), made once per
 * realm and answering whichever run is current. They are made while the worker waits for the run that will use the
 * realm: defining one getter costs ~11 µs, so defining them during the run was a quarter of a trivial run's own work.
 * A session's realm keeps them for every later run, so no run's handles are reached after it ended.
 */
export class RealmGlobals {
  /** The tools piece compiled ahead of the run (see prepareToolsPiece), until the run calls it. */
  toolsPiece: QuickJSHandle | undefined;
  /** What the tools piece returned (ToolsPlumbing), made by the first run that read `tools` or a namespace. */
  tools: QuickJSHandle | undefined;
  /** Its `deliver`; later runs of a session deliver through it. */
  deliverer: QuickJSHandle | undefined;
  /** A session's state piece (see SESSION_STATE_SOURCE), made ahead while the worker waited, or by the realm's first run. */
  statePiece: QuickJSHandle | undefined;
  private bridge: GuestBridge | undefined;
  private readonly host: QuickJSHandle;
  private readonly loaders = new Map<string, () => QuickJSHandle | null>();
  private readonly defined = new Set<string>();

  constructor(
    module: QuickJSWASMModule,
    private readonly context: QuickJSContext,
  ) {
    this.host = newHostFunction(module, context, "host", (args) => this.bridge?.onHost(args));
    for (const name of EVERY_RUN) this.define(name);
  }

  /** Starts a run: its bridge answers the guest's native `host` function, which is returned. */
  begin(bridge: GuestBridge): QuickJSHandle {
    this.bridge = bridge;
    if (this.deliverer) bridge.deliverer = this.deliverer;
    return this.host;
  }

  /**
   * Makes the current run's `load` answer the first read of a global (see GuestRun.install), defining the global
   * unless it is. With `rebind`, a global already read gets its getter again, so its next read loads it afresh: a
   * session's `args` belong to one run.
   */
  lazy(name: string, load: () => QuickJSHandle | null, rebind: boolean): void {
    this.loaders.set(name, load);
    if (!this.defined.has(name) || rebind) this.define(name);
  }

  /** Ends the current run: nothing native reaches it any more. */
  end(): void {
    this.bridge = undefined;
    this.loaders.clear();
  }

  /** Frees the native pieces; the realm's context is disposed next. */
  dispose(): void {
    this.end();
    if (this.deliverer?.alive) this.deliverer.dispose();
    if (this.tools?.alive) this.tools.dispose();
    if (this.toolsPiece?.alive) this.toolsPiece.dispose();
    if (this.statePiece?.alive) this.statePiece.dispose();
    this.host.dispose();
  }

  private define(name: string): void {
    this.defined.add(name);
    const context = this.context;
    const get = () => {
      const load = this.loaders.get(name);
      // Between runs no script runs; a getter kept and called later must not reach a run that ended.
      if (!load) return context.undefined;
      return load() ?? context.getProp(context.global, name);
    };
    context.defineProp(context.global, name, { configurable: true, get: get as () => QuickJSHandle });
  }
}
