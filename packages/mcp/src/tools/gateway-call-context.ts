import type { ApprovalDecision, ApprovalRequest } from "@codemode/core";
import type { UpstreamCaller, UpstreamProgress } from "./upstream-caller.js";

/** What the gateway passes as `ExecuteOptions.context`, so upstream tools can reach the execution's caller. */
export interface GatewayCallContext {
  /** Asks this execution's client to approve a call (see the gateway's `approvals` config). */
  askApproval?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** The execution as upstreams see it: where their questions and log messages go. */
  caller?: UpstreamCaller;
  /** Receives an upstream's progress on one of this execution's calls. */
  onUpstreamProgress?: (tool: string, progress: UpstreamProgress) => void;
}
