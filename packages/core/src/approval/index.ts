export type { ApprovalDecision, ApprovalRequest, Approver } from "./approval-request.js";
export type { ContinuationStore } from "./continuation-store.js";
export {
  createApprovalGate,
  type ApprovalGate,
  type ApprovalOutcome,
  type ApprovalStatus,
} from "./create-approval-gate.js";
