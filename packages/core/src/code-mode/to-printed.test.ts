import { describe, expect, it } from "vitest";
import { toPrinted } from "./to-printed.js";

const base = { status: "completed" as const, result: null, error: null, diagnostics: [], logs: ["a", "b"], toolCalls: [] };

describe("toPrinted", () => {
  it("makes the printed lines the result and marks the output", () => {
    expect(toPrinted(base)).toEqual({ ...base, result: "a\nb", output: "printed" });
  });

  it("drops a returned value with a diagnostic", () => {
    const printed = toPrinted({ ...base, result: { total: 1 } });
    expect(printed.result).toBe("a\nb");
    expect(printed.diagnostics[0]?.code).toBe("returned_value_ignored");
  });

  it("leaves a failed run's result null and keeps its lines in logs", () => {
    const failed = { ...base, status: "failed" as const, error: { kind: "ScriptError" as const, message: "x", line: 1, column: 1 } };
    expect(toPrinted(failed)).toEqual({ ...failed, output: "printed" });
  });
});
