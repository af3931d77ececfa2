import { describe, expect, it } from "vitest";
import { callHook, summarizeText } from "./tool-call-trace.js";

describe("summarizeText", () => {
  it("keeps text that fits and cuts longer text to the byte limit, naming its full size", () => {
    expect(summarizeText("short", 32)).toBe("short");
    const cut = summarizeText("a".repeat(100), 32);
    expect(cut).toBe(`${"a".repeat(17)}… (100 bytes)`);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(32);
  });

  it("never leaves half of a character at the cut", () => {
    const cut = summarizeText("😀".repeat(40), 40);
    expect(cut).toMatch(/^(😀)+… \(160 bytes\)$/);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(40);
  });
});

describe("callHook", () => {
  it("passes the event and swallows what a hook throws or rejects", async () => {
    const seen: number[] = [];
    callHook((event: number) => seen.push(event), 7);
    callHook(() => {
      throw new Error("broken hook");
    }, 1);
    callHook((() => Promise.reject(new Error("broken async hook"))) as () => void, 1);
    callHook(undefined, 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([7]);
  });
});
