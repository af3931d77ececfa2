import { describe, expect, it } from "vitest";
import type { LogEntry } from "../operate/index.js";
import { createProgress } from "./create-progress.js";

const entry = (fields: Record<string, unknown>): LogEntry => ({ time: "t", level: "info", msg: "m", ...fields });

describe("createProgress", () => {
  it("writes a single line per step when stderr is not a terminal: starting, up with its tools and time, or why it could not start", () => {
    const written: string[] = [];
    const progress = createProgress((text) => written.push(text), false);
    expect(progress.show(entry({ upstream: "fs", event: "starting" }))).toBe(true);
    progress.show(entry({ upstream: "ghost", event: "starting" }));
    progress.show(entry({ upstream: "fs", event: "connected", tools: 14, durationMs: 1234 }));
    progress.show(entry({ upstream: "ghost", event: "down", reason: 'the command "ghost" was not found on PATH' }));
    expect(progress.show(entry({ msg: "[fs] a line the server printed" }))).toBe(false);
    progress.close();
    expect(written).toEqual([
      "codemode: starting upstream fs\n",
      "codemode: starting upstream ghost\n",
      "codemode: upstream fs is up: 14 tools in 1.2 s\n",
      'codemode: upstream ghost could not start: the command "ghost" was not found on PATH\n',
    ]);
  });

  it("keeps one live line on a terminal, naming what is still starting, and clears it when done", () => {
    const written: string[] = [];
    const progress = createProgress((text) => written.push(text), true);
    progress.show(entry({ upstream: "fs", event: "starting" }));
    progress.show(entry({ upstream: "memory", event: "starting" }));
    const clear = "\r\u001b[2K";
    expect(written.at(-1)!.startsWith(clear)).toBe(true);
    expect(written.at(-1)!.slice(clear.length)).toMatch(/^codemode: starting fs \(0\.\d s\), memory \(0\.\d s\)…$/);
    progress.show(entry({ upstream: "fs", event: "connected", tools: 14, durationMs: 900 }));
    expect(written.slice(-3)).toEqual([clear, "codemode: upstream fs is up: 14 tools in 0.9 s\n", expect.stringMatching(/codemode: starting memory \(0\.\d s\)…$/)]);
    progress.close();
    expect(written.at(-1)).toBe(clear);
    // Nothing is written once it is closed and nothing is live.
    const count = written.length;
    progress.close();
    expect(written).toHaveLength(count);
  });
});
