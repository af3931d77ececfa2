import type { Diagnostic, ExecutionErrorKind } from "./execution-result.js";
import type { PausedRun } from "./run-record.js";

/** How a run ended, as the worker saw it; the host adds positions, tool calls and truncation. */
export interface RunOutcome {
  /** The JSON text of the returned value when the run completed; large text as its UTF-8 bytes (cheaper to post). */
  resultJson: string | Uint8Array | null;
  error: { kind: ExecutionErrorKind; message: string; stack: string | null } | null;
  diagnostics: Diagnostic[];
  /** Log lines not sent in an earlier call batch. */
  logs: string[];
  /**
   * Calls still waiting for a reply when the run ended, with the stack where the script made them. Calls made in
   * the last tick were never `sent`: the host records them without running them.
   */
  unfinishedCalls: { callId: number; name: string; stack: string; sent: boolean }[];
  /** Present when the run paused: every call still waiting needs a person's decision (pause mode only). */
  paused?: PausedRun;
}
