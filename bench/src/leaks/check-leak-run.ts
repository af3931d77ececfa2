import { isDeepStrictEqual } from "node:util";
import type { ExecutionResult } from "@codemode/core";
import { expectedAnswer, shopInput } from "../load/shop-tools.js";
import type { LeakRun } from "./leak-workloads.js";

const EXPECTED_ERROR: Partial<Record<LeakRun["kind"], string[]>> = {
  throws: ["ScriptError"],
  timeout: ["TimeoutExceeded"],
  cancelled: ["Cancelled"],
  // An allocation past the cap may fail inside QuickJS (catchable) or take the module down: both are safe outcomes.
  "out-of-memory": ["MemoryLimitExceeded", "ScriptError", "InternalError"],
  "worker-killed": ["TimeoutExceeded"],
};

/** Why the result of the nth leak run is not what its kind calls for, or undefined when it is right. */
export function checkLeakRun(index: number, run: LeakRun, result: ExecutionResult): string | undefined {
  const expectedKinds = EXPECTED_ERROR[run.kind];
  if (expectedKinds) {
    return result.status === "failed" && expectedKinds.includes(result.error?.kind ?? "")
      ? undefined
      : `run ${index} (${run.kind}): expected a failure of kind ${expectedKinds.join(" or ")}, got ${describe(result)}`;
  }
  const expected = run.kind === "tools" ? expectedAnswer(shopInput(index % 97, index)) : run.kind === "plain" ? 50 : [false, false];
  return result.status === "completed" && isDeepStrictEqual(result.result, expected)
    ? undefined
    : `run ${index} (${run.kind}): expected ${JSON.stringify(expected)}, got ${describe(result)}`;
}

function describe(result: ExecutionResult): string {
  return result.status === "completed" ? JSON.stringify(result.result) : `${result.error?.kind}: ${result.error?.message}`;
}
