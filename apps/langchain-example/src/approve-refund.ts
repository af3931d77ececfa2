import type { Approver } from "@codemode/core";

/** The largest refund the agent may make without a manager, in US dollars. */
export const REFUND_LIMIT = 5000;

/**
 * Creates the approver of refunds: a policy standing in for a person, which says yes up to {@link REFUND_LIMIT} and
 * no above it, and prints each decision with `log`.
 */
export function createRefundApprover(log: (line: string) => void = console.log): Approver {
  return ({ tool, arguments: args }) => {
    const { amount } = args as { amount: number };
    const approved = amount <= REFUND_LIMIT;
    log(`approval: ${approved ? "approved" : "denied"} ${tool} ${JSON.stringify(args)}`);
    return approved ? true : { approved: false, reason: `refunds over $${REFUND_LIMIT} need a manager` };
  };
}
