/** One tool call waiting for a person's approval, as the host's {@link Approver} receives it. */
export interface ApprovalRequest {
  /** The tool's full name, such as `crm.delete_customer`. */
  tool: string;
  /** The arguments after validation: what the tool's `execute` receives if the call is approved. */
  arguments: unknown;
  /** Whatever the host passed as `context` to `execute`, such as the caller's identity or session. */
  context: unknown;
  /** The id the tool's `execute` receives as `context.callId` if the call runs. */
  callId: string;
  /** Fires when the answer is no longer wanted: the execution was cancelled or ended, or `approvalTimeoutMs` passed. */
  signal: AbortSignal;
  /**
   * How the execution waits: `"block"`, for the answer the approver returns (a promise may take minutes);
   * `"pause"`, only for an answer given at once: a promise or `undefined` pauses the run for `resume`.
   */
  mode: "block" | "pause";
}

/** An approver's answer: `true` runs the call; `false`, or `{ approved: false, reason }`, denies it. */
export type ApprovalDecision = boolean | { approved: boolean; reason?: string };

/** The host's callback that asks a person (or a policy) whether a tool call may run. */
export type Approver = (request: ApprovalRequest) => ApprovalDecision | PromiseLike<ApprovalDecision> | undefined;
