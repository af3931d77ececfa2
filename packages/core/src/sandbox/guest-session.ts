import type { QuickJSHandle } from "quickjs-emscripten-core";
import type { GuestBridge } from "./guest-bridge.js";
import type { GuestRealm } from "./run-guest.js";

/**
 * A runtime and context that outlive their run: the runs of one session share them, so the script's globals stay.
 * Everything native the guest holds (the `host` function, the getters of the lazy globals) is made once and answers
 * whichever run is current, so no run's handles are reached after it ended. The worker holding a session runs
 * nothing else, and is terminated rather than torn down when the session ends.
 */
export class GuestSession {
  /** The tools piece's `deliver`, made by the first run that read `tools`; later runs deliver through it too. */
  deliverer: QuickJSHandle | undefined;
  private bridge: GuestBridge | undefined;
  private host: QuickJSHandle | undefined;
  private readonly loaders = new Map<string, () => QuickJSHandle | null>();
  private readonly defined = new Set<string>();

  constructor(readonly realm: GuestRealm) {}

  /** Starts a run: its bridge answers the guest's native `host` function, which is returned (made on the first run). */
  begin(bridge: GuestBridge): QuickJSHandle {
    this.bridge = bridge;
    if (this.deliverer) bridge.deliverer = this.deliverer;
    this.host ??= this.realm.context.newFunction("host", (...args) => this.bridge?.onHost(args));
    return this.host;
  }

  /**
   * Defines a global whose first read runs the current run's `load` (see GuestRun.install). Defined once, unless
   * `rebind`: a global whose value belongs to one run (`args`) gets its getter again, so its next read loads it afresh.
   */
  lazy(name: string, load: () => QuickJSHandle | null, rebind: boolean): void {
    this.loaders.set(name, load);
    if (this.defined.has(name) && !rebind) return;
    this.defined.add(name);
    const { context } = this.realm;
    const get = () => {
      const load = this.loaders.get(name);
      // Between runs no script runs; a getter kept and called later must not reach a run that ended.
      if (!load) return context.undefined;
      return load() ?? context.getProp(context.global, name);
    };
    context.defineProp(context.global, name, { configurable: true, get: get as () => QuickJSHandle });
  }

  /** Ends the current run: nothing native reaches it any more. */
  end(): void {
    this.bridge = undefined;
    this.loaders.clear();
  }
}
