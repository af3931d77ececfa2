import { z } from "zod";

const count = z.number().int().positive();
const principalQuotas = z.strictObject({
  /** Executions one principal may have running at once. */
  maxConcurrentExecutions: count.optional(),
  /** Executions one principal may start in any 60 seconds. */
  maxExecutionsPerMinute: count.optional(),
});

/**
 * `quotas`: limits on executions over HTTP, per principal (a bearer token's `name`, an OAuth token's `sub`), and one
 * cap on executions waiting for a sandbox worker across all principals.
 */
export const quotasConfigSchema = principalQuotas.extend({
  /** Executions past the pool's workers that may wait, across every principal. Default 256. */
  maxQueuedExecutions: z.number().int().nonnegative().optional(),
  /** Quotas of named principals, in place of the defaults above. */
  principals: z.record(z.string().min(1), principalQuotas).optional(),
});

/** The `quotas` part of the gateway config. */
export type QuotasConfig = z.infer<typeof quotasConfigSchema>;
