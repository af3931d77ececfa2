import type { ApprovalDecision, ApprovalRequest, ToolExecutionContext } from "@codemode/core";

/** What the gateway passes as `ExecuteOptions.context`, so upstream tools can report progress to the caller. */
export interface GatewayCallContext {
  onToolCall?: (tool: string) => void;
  /** Asks this execution's client to approve a call (see the gateway's `approvals` config). */
  askApproval?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
}

/** Tells the gateway that an upstream call finished, when the execution asked to hear about it. */
export function reportToolCall(context: ToolExecutionContext["context"], tool: string): void {
  const callback = (context as GatewayCallContext | undefined)?.onToolCall;
  if (typeof callback === "function") callback(tool);
}
