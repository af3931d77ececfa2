import { shopInput, shopScript } from "../load/shop-tools.js";

/** One run of the leak benchmark: the script, and an abort delay for the runs that are cancelled. */
export interface LeakRun {
  kind: LeakKind;
  code: string;
  cancelAfterMs?: number;
}

/** How many of `total` runs form the steady phase, before runs that replace workers begin. */
export function steadyRuns(total: number): number {
  return Math.floor(total * 0.9);
}

/** What a run exercises; the rare kinds stop, fail or replace a worker thread, where leaks usually hide. */
export type LeakKind = "tools" | "plain" | "throws" | "logs-and-errors" | "timeout" | "cancelled" | "out-of-memory" | "worker-killed";

/** Every this many runs of the last phase, one run stops, fails or replaces a worker (the four kinds in turn). */
const RARE_EVERY = 25;

/**
 * The nth of `total` runs: the load benchmark's tool-calling script and small scripts throughout; in the last tenth,
 * also a deadline, a cancellation, an out-of-memory and a run stuck in a built-in (its worker is terminated), in turn
 * every 25 runs. Those replace modules and worker threads, which would hide a slow leak, so the steady nine tenths
 * come first and show the memory trend on their own.
 */
export function leakRun(index: number, total: number): LeakRun {
  if (index >= steadyRuns(total) && index % RARE_EVERY === 0) {
    switch ((index / RARE_EVERY) % 4) {
      case 0:
        return { kind: "timeout", code: "while (true) {}" };
      case 1:
        return { kind: "cancelled", code: "while (true) {}", cancelAfterMs: 20 };
      case 2:
        return { kind: "out-of-memory", code: "let s = 'x'; const keep = []; for (;;) { s += s; keep.push(s); }" };
      default:
        // One long built-in call after another: the interrupt handler is not polled inside them, so only
        // terminating the worker stops this run: QuickJS's interrupt handler is never polled inside one long built-in call.
        return { kind: "worker-killed", code: "const big = 'ab'.repeat(1 << 16); for (;;) big.split('').reverse().join('');" };
    }
  }
  switch (index % 10) {
    case 0:
      return { kind: "throws", code: `throw new Error("run ${index} fails on purpose");` };
    case 1:
      return {
        kind: "logs-and-errors",
        code: `for (let i = 0; i < 20; i++) console.log("line", i, { run: ${index} });
const missing = await tools.orders.no_such_tool({});
const invalid = await tools.pricing.get_price({ sku: 42 });
return [missing.ok, invalid.ok];`,
      };
    case 2:
    case 3:
    case 4:
      return { kind: "plain", code: `const items = Array.from({ length: 50 }, (_, i) => ({ i, run: ${index} })); return items.length;` };
    default:
      return { kind: "tools", code: shopScript(shopInput(index % 97, index)) };
  }
}
