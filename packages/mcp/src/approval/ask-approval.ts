import type { ApprovalDecision, ApprovalRequest } from "@codemode/core";
import type { CallerAnswer, CallerQuestion } from "../tools/index.js";
import { approvalMessage } from "./elicit-approval.js";

/** Asks a question of the caller, however its protocol era carries it (see `UpstreamCaller.ask`). */
export type AskCaller = (question: CallerQuestion, signal: AbortSignal) => Promise<CallerAnswer>;

/**
 * Asks for an approval as a form elicitation with no fields, through any way of asking the caller: accept
 * approves; decline, cancel, another kind of answer or a failure to ask denies, saying why.
 */
export async function askApproval(ask: AskCaller, request: ApprovalRequest): Promise<ApprovalDecision> {
  const question: CallerQuestion = {
    method: "elicitation/create",
    params: { mode: "form", message: approvalMessage(request), requestedSchema: { type: "object", properties: {} } },
  };
  let answer: CallerAnswer;
  try {
    answer = await ask(question, request.signal);
  } catch (error) {
    return { approved: false, reason: (error as Error).message };
  }
  if (!("action" in answer)) return { approved: false, reason: "the client's answer was not an elicitation result" };
  if (answer.action === "accept") return true;
  return { approved: false, reason: answer.action === "decline" ? "the user declined it" : "the user dismissed the request" };
}
