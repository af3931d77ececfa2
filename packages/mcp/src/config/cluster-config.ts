import { z } from "zod";

const redisUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "";
  } catch {
    return false;
  }
}, 'must be a Redis URL: "redis://[user:password@]host[:port][/db]", or rediss:// for TLS');

/**
 * `cluster`: several gateway processes sharing one Redis, so that any of them serves any request: code sessions,
 * the key that signs 2026-07-28 request states, per-principal rates and news of upstream changes live there.
 */
export const clusterConfigSchema = z.strictObject({
  redisUrl,
  /** Prefix of every Redis key and channel the gateway uses. Default "codemode:". */
  keyPrefix: z.string().min(1, "must not be empty").max(64).optional(),
  /**
   * The key that signs 2026-07-28 request states, the same on every replica (at least 32 characters). Without it,
   * the first replica to start stores a random one in Redis for the others.
   */
  secret: z.string().min(32, "must be at least 32 characters").optional(),
  /** This process's name in logs and in the `X-Codemode-Replica` response header. Default: hostname:pid. */
  replicaId: z.string().regex(/^[\x21-\x7e]{1,128}$/, "must be 1-128 printable ASCII characters without spaces").optional(),
});

/** The `cluster` part of the gateway config. */
export type ClusterConfig = z.infer<typeof clusterConfigSchema>;

