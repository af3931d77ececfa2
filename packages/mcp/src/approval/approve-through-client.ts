import type { ApprovalDecision, ApprovalRequest } from "@codemode/core";
import type { GatewayCallContext } from "../tools/index.js";

/**
 * The gateway's approver: it asks the client of the execution that made the call, through the `askApproval` the
 * gateway puts in that execution's context; executions without a client (the CLI) are denied. A run whose approvals
 * pause is not asked here: its caller answers when the run is resumed.
 */
export function approveThroughClient(request: ApprovalRequest): ApprovalDecision | Promise<ApprovalDecision> | undefined {
  if (request.mode === "pause") return undefined;
  const ask = (request.context as GatewayCallContext | undefined)?.askApproval;
  if (typeof ask !== "function") return { approved: false, reason: "no MCP client is connected to this execution to ask" };
  return ask(request);
}
