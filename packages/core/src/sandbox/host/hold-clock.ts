/** The time a run spent held, waiting for a person's approval: time its deadline does not count. */
export interface HoldClock {
  readonly held: boolean;
  /** Starts (`true`) or ends (`false`) a hold; returns false when the run already was in that state. */
  set(held: boolean): boolean;
  /** Milliseconds held so far, the current hold included. */
  heldMs(): number;
}

/** Creates a hold clock for one run, reading time from `now` (milliseconds). */
export function createHoldClock(now: () => number = Date.now): HoldClock {
  let since: number | null = null;
  let total = 0;
  return {
    get held() {
      return since !== null;
    },
    set(held) {
      if (held === (since !== null)) return false;
      if (held) since = now();
      else {
        total += now() - since!;
        since = null;
      }
      return true;
    },
    heldMs: () => total + (since === null ? 0 : now() - since),
  };
}
