import { z } from "zod";

/** The schema of the gateway config's `approvals` key: which upstream tools wait for the client's approval. */
export const approvalsConfigSchema = z.strictObject({
  /** Every tool its upstream marks `annotations.destructiveHint: true`. */
  destructive: z.boolean().optional(),
  /** Tool-name patterns (`crm.delete_*`, `*` for any run of characters) of gateway tool names. */
  tools: z.array(z.string().min(1, "must not be empty")).optional(),
});

/** The gateway config's `approvals` key. */
export type ApprovalsConfig = z.infer<typeof approvalsConfigSchema>;
