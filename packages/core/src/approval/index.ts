export type { ApprovalDecision, ApprovalRequest, Approver } from "./approval-request.js";
export type { ContinuationStore } from "./continuation-store.js";
export {
  createApprovalGate,
  type ApprovalGate,
  type ApprovalOutcome,
  type ApprovalStatus,
} from "./create-approval-gate.js";
export {
  decodeContinuation,
  encodeContinuation,
  hashTools,
  randomId,
  sha256,
  type ContinuationBody,
  type ContinuationState,
} from "./continuation-codec.js";
export { createMemoryContinuationStore } from "./memory-continuation-store.js";
export { readDecision } from "./request-approval.js";
