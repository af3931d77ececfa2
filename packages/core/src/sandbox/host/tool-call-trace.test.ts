import { describe, expect, it } from "vitest";
import { callHook } from "./tool-call-trace.js";

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
