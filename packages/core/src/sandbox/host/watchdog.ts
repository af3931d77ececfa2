import { unrefTimer } from "../../portable/index.js";

/** Deadlines of many items kept with one timer; an item past its deadline is handed to `onExpire` once. */
export interface Watchdog<T> {
  /** Sets (or moves) an item's deadline, in `Date.now()` milliseconds, with the reason `onExpire` receives. */
  set(item: T, at: number, reason?: string): void;
  clear(item: T): void;
  stop(): void;
}

/**
 * Creates a watchdog. One timer is armed for the earliest deadline and moved only when an earlier one arrives, so a
 * stream of runs with the same timeout costs about one timer operation per timeout period rather than two a run.
 */
export function createWatchdog<T>(onExpire: (item: T, reason: string) => void): Watchdog<T> {
  const deadlines = new Map<T, { at: number; reason: string }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedAt = Infinity;

  const arm = () => {
    let earliest = Infinity;
    for (const { at } of deadlines.values()) earliest = Math.min(earliest, at);
    if (earliest === armedAt) return;
    clearTimeout(timer);
    armedAt = earliest;
    if (earliest === Infinity) return;
    timer = setTimeout(fire, Math.max(0, earliest - Date.now()));
    unrefTimer(timer);
  };

  const fire = () => {
    armedAt = Infinity;
    const now = Date.now();
    const expired = [...deadlines].filter(([, deadline]) => deadline.at <= now);
    for (const [item] of expired) deadlines.delete(item);
    arm();
    for (const [item, { reason }] of expired) onExpire(item, reason);
  };

  return {
    set(item, at, reason = "deadline") {
      deadlines.set(item, { at, reason });
      if (at < armedAt) arm();
    },
    clear(item) {
      deadlines.delete(item);
    },
    stop() {
      deadlines.clear();
      clearTimeout(timer);
      armedAt = Infinity;
    },
  };
}
