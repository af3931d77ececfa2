import { describe, expect, it } from "vitest";
import type { ExecutionResult } from "../../index.js";
import { checkExecutionResult, findNonJson } from "./check-execution-result.js";

const completed: ExecutionResult = {
  status: "completed",
  result: { a: [1, "b"] },
  error: null,
  diagnostics: [],
  logs: ["hi"],
  toolCalls: [],
  durationMs: 3,
};
const failed: ExecutionResult = {
  ...completed,
  status: "failed",
  result: null,
  error: { kind: "TimeoutExceeded", message: "Script ran past its 500 ms deadline.", line: null, column: null },
};

describe("checkExecutionResult", () => {
  it("finds nothing wrong with well-formed results", () => {
    expect(checkExecutionResult(completed)).toEqual([]);
    expect(checkExecutionResult(failed)).toEqual([]);
  });

  it("checks a paused result's pending calls and continuation", () => {
    const paused: ExecutionResult = {
      ...completed,
      status: "paused",
      result: null,
      pending: [{ callId: "call_a_1", tool: "billing.refund", arguments: { cents: 1 }, line: 2 }],
      continuation: "cm1.e30.sig",
    };
    expect(checkExecutionResult(paused)).toEqual([]);
    expect(checkExecutionResult({ ...paused, pending: [], continuation: "" })).toEqual([
      "a paused result has no continuation",
      "a paused result has no pending calls",
    ]);
    expect(checkExecutionResult({ ...completed, continuation: "cm1.e30.sig" })).toEqual(["a completed result has pending calls or a continuation"]);
  });

  it("names each broken part of the contract", () => {
    const broken = {
      ...failed,
      error: { kind: "Oops", message: "", line: 0, column: null },
      result: 1,
      logs: ["x".repeat(5000)],
      toolCalls: [{ tool: "a.b", ok: false, durationMs: 1 }],
    } as unknown as ExecutionResult;
    expect(checkExecutionResult(broken)).toEqual([
      "unknown error kind Oops",
      "the error has no message",
      "bad error position 0:null",
      "a failed result carries a value",
      "a log line of 5000 bytes, over maxLogLineBytes 4096",
      'a failed tool call without errorCode {"tool":"a.b","ok":false,"durationMs":1}',
    ]);
  });

  it("holds the result to maxOutputBytes, maxLogLines and the host's privacy", () => {
    const noisy = { ...completed, logs: ["a", "b", "c"] };
    expect(checkExecutionResult(noisy, { maxLogLines: 2, maxOutputBytes: 50 })).toEqual([
      expect.stringMatching(/over maxOutputBytes 50/),
      "3 log lines, over maxLogLines 2",
    ]);
    const leaky = { ...failed, error: { ...failed.error!, message: "at run (/srv/app/node_modules/x/index.js:3:9)" } };
    expect(checkExecutionResult(leaky)).toEqual([expect.stringMatching(/shows the host/)]);
  });
});

describe("findNonJson", () => {
  it("accepts plain data, an own __proto__ key included", () => {
    expect(findNonJson(JSON.parse('{"__proto__": {"a": [1, null, true]}}'))).toBeNull();
  });

  it("points at what is not plain data", () => {
    expect(findNonJson({ a: [1, Number.NaN] })).toBe("$.a.1 is NaN");
    expect(findNonJson({ a: new Date(0) })).toBe("$.a has a foreign prototype");
    expect(findNonJson({ get a() { return 1; } })).toBe("$.a is not an enumerable data property");
    expect(findNonJson({ a: undefined })).toBe("$.a is a undefined");
    let deep: unknown = 1;
    for (let level = 0; level < 1001; level++) deep = [deep];
    expect(findNonJson(deep)).toMatch(/nested deeper than 1000 levels/);
  });
});
