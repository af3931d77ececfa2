export type { ApprovalDecision, ApprovalRequest, Approver } from "./approval-request.js";
export {
  createApprovalGate,
  type ApprovalGate,
  type ApprovalGateOptions,
  type ApprovalOutcome,
  type ApprovalStatus,
} from "./create-approval-gate.js";
export { requestApproval, type RequestApprovalOptions } from "./request-approval.js";
