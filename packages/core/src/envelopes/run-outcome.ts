import type { Diagnostic, ExecutionErrorKind } from "./execution-result.js";

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
  /** A session's run that wrote its state: the state it left, absent when the run could not write it. */
  session?: SessionSnapshot;
  /** A session's run that restored a state: the names it could not restore from it, each with why. */
  notRestored?: [name: string, reason: string][];
  /** A session's run whose realm the worker keeps, with the session's globals, for the session's next run. */
  sessionKept?: true;
}

/** A session's state as a run's guest wrote it; the session layer checks its functions before storing it. */
export interface SessionSnapshot {
  /** The state's JSON text (see SESSION_STATE_SOURCE). */
  state: string;
  /** Top-level names the guest could not write, each with why. */
  notKept: [name: string, reason: string][];
  /** The source of every function in `state`, and of every function restored into the run. */
  functions: string[];
  restored: string[];
  /** The realm's global names when the state was written (built-ins, the sandbox's, the script's). */
  globals: string[];
}
