type Immediate = (callback: () => void) => unknown;

let schedule: ((callback: () => void) => void) | undefined;

/**
 * Runs `callback` after the current turn of the event loop, once pending I/O callbacks had their turn: setImmediate
 * where the runtime has it, else a message to itself (browsers clamp nested timers to 4 ms, a message is not), else
 * a timer.
 */
export function nextTurn(callback: () => void): void {
  schedule ??= chooseSchedule();
  schedule(callback);
}

function chooseSchedule(): (callback: () => void) => void {
  const immediate = (globalThis as { setImmediate?: Immediate }).setImmediate;
  if (immediate) return (callback) => void immediate(callback);
  if (typeof MessageChannel !== "function") return (callback) => void setTimeout(callback, 0);
  const waiting: (() => void)[] = [];
  const channel = new MessageChannel();
  // The web's MessagePort (Node.js types declare its own, event-emitter one).
  (channel.port1 as unknown as { onmessage: () => void }).onmessage = () => {
    for (const callback of waiting.splice(0)) callback();
  };
  return (callback) => {
    if (waiting.push(callback) === 1) channel.port2.postMessage(null);
  };
}

/** Lets the process exit while `timer` is pending, where timers keep it alive (Node.js, Bun, Deno); elsewhere nothing. */
export function unrefTimer(timer: unknown): void {
  if (typeof timer === "object" && timer !== null && "unref" in timer && typeof timer.unref === "function") timer.unref();
}
