import type { ExecutionErrorKind, JsonValue, ToolCallRecord } from "../../index.js";

/** The families of hostile scripts the adversarial suite covers. */
export type AdversarialCategory =
  | "cpu"
  | "memory"
  | "stack"
  | "escape"
  | "output"
  | "tool-calls"
  | "bridge"
  | "host-work"
  | "tenants"
  | "typescript"
  | "isolation";

/**
 * The limits a case runs under (see ADVERSARIAL_LIMITS): "deadline" has a short deadline so that CPU cases end fast;
 * "roomy" a long one, so that only the limit under test can end the run.
 */
export type AdversarialProfile = "deadline" | "roomy";

/** The safe outcome a case must end with; every field given is checked, the rest is free. */
export interface ExpectedOutcome {
  status: "completed" | "failed";
  /** The failure's kind, or the kinds that are each a safe end; required when `status` is "failed". */
  kind?: ExecutionErrorKind | readonly ExecutionErrorKind[];
  /** Text the error's message must contain. */
  message?: string;
  /** The returned value, compared deeply (own `__proto__` keys included). */
  result?: JsonValue;
  /** Diagnostic codes that must be present. */
  diagnostics?: readonly string[];
  /** The tool call records, each matched as a subset of the record's fields, in order. */
  toolCalls?: readonly Partial<ToolCallRecord>[];
}

/** Other runs started together with a case's own run, that must not see anything it does. */
export interface Observers {
  count: number;
  /** The script of observer `index`. */
  code(index: number): string;
  /** What observer `index` must return. */
  result(index: number): JsonValue;
}

/** One hostile script with the outcome that proves the sandbox held. */
export interface AdversarialCase {
  /** What the script tries, in plain words; unique within its category. */
  name: string;
  category: AdversarialCategory;
  profile: AdversarialProfile;
  /** The script; it may call `tools.adversary.echo({ text })` (see createAdversaryTools). */
  code: string;
  expect: ExpectedOutcome;
  /** Isolation cases: runs that start at the same time as this one. */
  observers?: Observers;
  /**
   * Tenant cases: scripts the second principal (see AdversarialTarget) runs, `before` ahead of the case (it must
   * complete) and `after` it, which must return `result`: what the victim keeps, the adversary did not reach.
   */
  victim?: { before?: string; after: string; result: JsonValue };
  /**
   * Only stopping the engine from outside ends this case in time (terminating its worker): it never returns to the
   * interpreter, whose polls end every other runaway script. An engine on the host's own thread cannot be stopped so,
   * and its suite leaves these cases out (docs/isolation.md).
   */
  hardStop?: true;
}
