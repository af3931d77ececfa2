import type { PendingCall } from "@codemode/core";
import type { CodeModeResume } from "@codemode/langchain";

/** The largest refund the agent may make without a manager, in US dollars. */
export const REFUND_LIMIT = 5000;

/**
 * The person who answers the graph's interrupt, played by a policy: yes to refunds up to {@link REFUND_LIMIT}, no
 * above it. It prints each decision with `log` and answers with the decisions by call id that `Command({ resume })`
 * carries back.
 */
export function decideRefunds(pending: readonly PendingCall[], log: (line: string) => void = console.log): CodeModeResume {
  return Object.fromEntries(
    pending.map(({ callId, tool, arguments: args }) => {
      const { amount } = args as { amount: number };
      const approved = amount <= REFUND_LIMIT;
      log(`approval: ${approved ? "approved" : "denied"} ${tool} ${JSON.stringify(args)}`);
      return [callId, approved ? true : { approved: false, reason: `refunds over $${REFUND_LIMIT} need a manager` }];
    }),
  );
}
