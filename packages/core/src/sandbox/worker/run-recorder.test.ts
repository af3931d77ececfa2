import { describe, expect, it } from "vitest";
import { RunRecorder } from "./run-recorder.js";

const seed = [1, 2, 3, 4];
const reply = (callId: number, data: string) => ({ callId, envelope: `{"ok":true,"data":${data}}`, bytes: false });

/** A first run: two calls answered in two deliveries, a third waiting for a person, and two clock readings. */
function firstRun() {
  const recorder = new RunRecorder({ seed });
  expect(recorder.call(1, "tool", "crm.find", '{"q":1}')).toBe("send");
  expect(recorder.call(2, "catalog", "search", "{}")).toBe("send");
  recorder.delivered([reply(2, "[]")]);
  recorder.delivered([reply(1, '"cus_1"')]);
  recorder.now();
  recorder.now();
  expect(recorder.call(3, "tool", "billing.refund", '{"cents":1}')).toBe("send");
  return recorder.record();
}

describe("RunRecorder", () => {
  it("records calls, the groups their replies came in, and the clock run-length encoded", () => {
    const record = firstRun();
    expect(record.calls.map((call) => [call.id, call.name, call.envelope !== undefined])).toEqual([
      [1, "crm.find", true],
      [2, "search", true],
      [3, "billing.refund", false],
    ]);
    expect(record.deliveries).toEqual([[2], [1]]);
    expect(record.clock.length % 2).toBe(0);
    expect(record.clock.filter((_, index) => index % 2 === 1).reduce((sum, times) => sum + times, 0)).toBe(2);
    expect(record.seed).toEqual(seed);
  });

  it("replays the recorded answers in the recorded groups and order, the clock too, then sends what is past it", () => {
    const record = firstRun();
    const replay = new RunRecorder({ seed, replay: record });
    expect(replay.replaying).toBe(true);
    expect(replay.call(1, "tool", "crm.find", '{"q":1}')).toBe("replayed");
    expect(replay.call(2, "catalog", "search", "{}")).toBe("replayed");
    const made = new Set([1, 2]);
    expect(replay.nextDelivery((id) => made.has(id))).toEqual([reply(2, "[]")]);
    expect(replay.nextDelivery((id) => made.has(id))).toEqual([reply(1, '"cus_1"')]);
    expect([replay.now(), replay.now()]).toEqual([record.clock[0], record.clock[record.clock.length - 2]]);
    expect(replay.call(3, "tool", "billing.refund", '{"cents":1}')).toBe("send");
    expect(replay.replaying).toBe(false);
    expect(replay.nextDelivery(() => true)).toBeNull();
    expect(replay.call(4, "tool", "mail.send", "{}")).toBe("send");
    replay.delivered([reply(3, "1"), reply(4, "2")]);
    expect(replay.record().deliveries).toEqual([[2], [1], [3, 4]]);
  });

  it("finds a divergence: other arguments, another tool, a call too many, a group never made again", () => {
    const record = firstRun();
    expect(new RunRecorder({ seed, replay: record }).call(1, "tool", "crm.find", '{"q":2}')).toEqual({
      diverged: expect.stringContaining("tools.crm.find(...) with other arguments"),
    });
    expect(new RunRecorder({ seed, replay: record }).call(1, "tool", "crm.other", '{"q":1}')).toEqual({
      diverged: expect.stringContaining("where it called tools.crm.find(...)"),
    });
    const early = new RunRecorder({ seed, replay: { ...record, calls: record.calls.slice(0, 2) } });
    early.call(1, "tool", "crm.find", '{"q":1}');
    expect(early.call(3, "tool", "billing.refund", "{}")).toEqual({ diverged: expect.stringContaining("did not make before the pause") });
    const waiting = new RunRecorder({ seed, replay: record });
    waiting.call(1, "tool", "crm.find", '{"q":1}');
    expect(waiting.nextDelivery((id) => id === 1)).toEqual({ diverged: expect.stringContaining("did not make catalog.search(...) as call 2 again") });
  });
});
