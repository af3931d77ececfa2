import { describe, expect, it } from "vitest";
import { createWatchdog } from "./watchdog.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createWatchdog", () => {
  it("hands over each item past its deadline once, with its reason, in deadline order", async () => {
    const expired: string[] = [];
    const watchdog = createWatchdog<string>((item, reason) => expired.push(`${item}:${reason}`));
    const now = Date.now();
    watchdog.set("late", now + 40);
    watchdog.set("early", now + 10, "cancel");
    await sleep(80);
    expect(expired).toEqual(["early:cancel", "late:deadline"]);
    watchdog.stop();
  });

  it("forgets cleared items and moved deadlines", async () => {
    const expired: string[] = [];
    const watchdog = createWatchdog<string>((item) => expired.push(item));
    const now = Date.now();
    watchdog.set("cleared", now + 10);
    watchdog.set("moved", now + 10);
    watchdog.clear("cleared");
    watchdog.set("moved", now + 10_000);
    await sleep(40);
    expect(expired).toEqual([]);
    watchdog.stop();
  });
});
