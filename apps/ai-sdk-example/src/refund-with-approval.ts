import { randomBytes } from "node:crypto";
import { createCodeModeTool } from "@codemode/ai-sdk";
import { createMemoryContinuationStore, type PendingCall } from "@codemode/core";
import { generateText, stepCountIs, type LanguageModel, type ModelMessage } from "ai";
import { businessTools, namespaces, refundInvoice } from "./business-tools.js";

/** The example's second question: its script refunds an invoice, which needs a person's approval. */
export const REFUND_QUESTION = "Globex was charged twice for its paid invoice. Refund it.";

/** Options of {@link refundWithApproval}. */
export interface RefundWithApprovalOptions {
  /** The person: shown the calls the paused script waits on, it answers yes or no. */
  decide: (pending: PendingCall[]) => boolean;
  /** Where the steps are printed. Default `console.log`. */
  log?: (line: string) => void;
}

/**
 * One chat turn that needs an approval, as two requests of a web app: the first pauses the script at the refund and
 * ends with the AI SDK's own tool-approval-request; the person answers; the second request carries the
 * tool-approval-response and the script goes on from where it paused. Each request gets its own code mode, as two
 * processes behind a load balancer would: they share only the secret and the continuation store (Redis, in a real
 * deployment). The model never decides an approval.
 */
export async function refundWithApproval(model: LanguageModel, options: RefundWithApprovalOptions): Promise<string> {
  const { decide, log = console.log } = options;
  const approvals = { mode: "pause" as const, secret: randomBytes(32), store: createMemoryContinuationStore() };
  const process = () =>
    createCodeModeTool({ tools: { ...businessTools, refund_invoice: refundInvoice }, namespace: namespaces, approvals, limits: { timeoutMs: 10_000 } });
  const history: ModelMessage[] = [{ role: "user", content: REFUND_QUESTION }];

  // Request 1: the script looks the invoice up and pauses at the refund; nothing waits in memory afterwards.
  const first = process();
  let approval;
  try {
    const asked = await generateText({ model, tools: { execute: first }, stopWhen: stepCountIs(5), messages: history });
    history.push(...asked.response.messages);
    approval = asked.content.find((part) => part.type === "tool-approval-request");
    if (!approval) return asked.text;
    const pending = (await first.pending(approval.toolCall.toolCallId)) ?? [];
    for (const call of pending) log(`approval asked: ${call.tool} ${JSON.stringify(call.arguments)} (line ${call.line})`);
    const approved = decide(pending);
    log(`approval ${approved ? "given" : "refused"}`);
    history.push({ role: "tool", content: [{ type: "tool-approval-response", approvalId: approval.approvalId, approved }] });
  } finally {
    await first.close();
  }

  // Request 2, in another process: the approved execute call resumes the paused run (a denied one never runs).
  const second = process();
  try {
    const answered = await generateText({ model, tools: { execute: second }, stopWhen: stepCountIs(5), messages: history });
    return answered.text;
  } finally {
    await second.close();
  }
}
