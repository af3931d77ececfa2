export { askApproval, type AskCaller } from "./ask-approval.js";
export { askSessionClient } from "./ask-session-client.js";
export { approvalsConfigSchema } from "./approvals-config.js";
export { approveThroughClient } from "./approve-through-client.js";
export { approvalMessage, elicitApproval } from "./elicit-approval.js";
export { withApprovals } from "./with-approvals.js";
