import { createAllowFilter } from "@codemode/core";
import { z } from "zod";

// Asymmetric algorithms only: HMAC verifies with a shared secret, so a resource server checking an issuer's public
// keys must never accept one, nor an unsigned (`none`) token.
const ASYMMETRIC_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"] as const;

const httpsOrLoopbackUrl = z.string().refine(isIssuerUrl, "must be an https URL (http only for localhost)");
/** One allowlist entry: a tool pattern, or a resource pattern the core accepts (an exact URI or a trailing prefix). */
const pattern = z
  .string()
  .min(1)
  .superRefine((value, context) => {
    try {
      createAllowFilter([value]);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message.replace(/\.$/, "") });
    }
  });

/** `auth.oauth`: the gateway as an OAuth 2.1 resource server of one issuer. */
export const oauthConfigSchema = z.strictObject({
  /** The authorization server's issuer identifier; its metadata (RFC 8414 or OpenID discovery) names the JWKS. */
  issuer: httpsOrLoopbackUrl,
  /** The `aud` a token must carry. Default: the gateway's resource URL (`http.publicUrl`, else the URL it listens on). */
  audience: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  /** Scopes every token must hold (`scope` or `scp` claim); they are also advertised in the metadata and 401s. */
  requiredScopes: z.array(z.string().min(1)).optional(),
  /** Maps a claim's values to tool patterns; a token's allowlist is the union of its values' patterns. */
  allowByClaim: z
    .strictObject({
      /** The claim's name; dots reach into objects (`realm_access.roles`). */
      claim: z.string().min(1),
      values: z.record(z.string(), z.array(pattern)),
    })
    .optional(),
  /** Accepted signature algorithms. Default: the RSA, RSA-PSS, ECDSA and EdDSA ones. */
  algorithms: z
    .array(z.enum(ASYMMETRIC_ALGORITHMS, { error: `must be one of ${ASYMMETRIC_ALGORITHMS.join(", ")} (never none or HMAC)` }))
    .min(1)
    .optional(),
  /** The JWKS URL, when the issuer publishes no metadata document. Default: `jwks_uri` from discovery. */
  jwksUri: httpsOrLoopbackUrl.optional(),
  /** Allowed clock difference for `exp` and `nbf`, in seconds. Default 30. */
  clockSkewSeconds: z.number().int().nonnegative().max(300).optional(),
  /** The least time between two JWKS fetches caused by an unknown `kid`, in ms. Default 30,000. */
  jwksCooldownMs: z.number().int().nonnegative().max(3_600_000).optional(),
});

const bearerSchema = z
  .array(
    z.strictObject({
      name: z.string().min(1),
      token: z.string().min(16, "must be at least 16 characters"),
      allow: z.array(pattern).optional(),
    }),
  )
  .superRefine((entries, context) => {
    entries.forEach(({ token }, index) => {
      const first = entries.findIndex((entry) => entry.token === token);
      if (first < index) {
        const message = `is auth.bearer[${first}]'s token too; give each principal a token of its own`;
        context.addIssue({ code: "custom", path: [index, "token"], message });
      }
    });
  });

/** `auth`: static bearer tokens, an OAuth issuer, or both. */
export const authConfigSchema = z
  .strictObject({ bearer: bearerSchema.optional(), oauth: oauthConfigSchema.optional() })
  .refine((auth) => auth.bearer !== undefined || auth.oauth !== undefined, "needs bearer or oauth");

/** The `auth.oauth` part of the gateway config. */
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;

/** The algorithms accepted when `auth.oauth.algorithms` is not set. */
export const DEFAULT_OAUTH_ALGORITHMS: readonly string[] = ASYMMETRIC_ALGORITHMS;

function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
  } catch {
    return false;
  }
}
