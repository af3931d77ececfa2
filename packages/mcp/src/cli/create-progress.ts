import type { LogEntry } from "../operate/index.js";

/** What a one-shot command tells the person waiting on stderr: which upstream is starting, and how long it took. */
export interface Progress {
  /** Takes a gateway log entry; those about an upstream starting, coming up or failing to start are shown. */
  show(entry: LogEntry): boolean;
  /** Clears the live line on a terminal; call it before the command prints its result. */
  close(): void;
}

const CLEAR_LINE = "\r\u001b[2K";

/**
 * Progress on stderr. On a terminal, one live line names the upstreams still starting and for how long, and a line
 * stays for each that came up or could not start; elsewhere (a pipe, a log file), a single line per step.
 */
export function createProgress(write: (text: string) => void, terminal: boolean): Progress {
  const starting = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let live = false;

  function render() {
    if (!terminal) return;
    const now = performance.now();
    const names = [...starting].map(([id, since]) => `${id} (${seconds(now - since)})`);
    write(names.length > 0 ? `${CLEAR_LINE}codemode: starting ${names.join(", ")}…` : live ? CLEAR_LINE : "");
    live = names.length > 0;
    if (names.length === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  function say(text: string) {
    if (live) write(CLEAR_LINE);
    live = false;
    write(`codemode: ${text}\n`);
    render();
  }

  return {
    show(entry) {
      const { upstream, event } = entry;
      if (typeof upstream !== "string") return false;
      if (event === "starting") {
        starting.set(upstream, performance.now());
        if (!terminal) say(`starting upstream ${upstream}`);
        else {
          render();
          timer ??= setInterval(render, 250).unref();
        }
        return true;
      }
      if (event === "connected") {
        const since = starting.get(upstream);
        starting.delete(upstream);
        // An upstream that came back after being down says so in the log, not here.
        if (since !== undefined) say(`upstream ${upstream} is up: ${String(entry.tools)} tools in ${seconds(Number(entry.durationMs))}`);
        return true;
      }
      if (event === "down") {
        const first = starting.delete(upstream);
        say(`upstream ${upstream} ${first ? "could not start" : "is down"}: ${String(entry.reason)}`);
        return true;
      }
      return false;
    },
    close() {
      clearInterval(timer);
      timer = undefined;
      if (live) write(CLEAR_LINE);
      live = false;
    },
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
