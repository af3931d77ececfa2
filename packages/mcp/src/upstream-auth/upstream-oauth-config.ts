import { z } from "zod";

/**
 * The `oauth` key of an HTTP server entry. `{}` discovers everything from the server (RFC 9728 protected-resource
 * metadata, then the authorization server's RFC 8414 / OIDC metadata) and registers by Client ID Metadata Document or
 * Dynamic Client Registration; the keys pre-register a client or choose the machine-to-machine grant.
 */
export const upstreamOAuthConfigSchema = z
  .strictObject({
    /** `authorization_code` (the default) needs `codemode login SERVER` once; `client_credentials` needs no user. */
    grant: z.enum(["authorization_code", "client_credentials"], { error: 'must be "authorization_code" or "client_credentials"' }).optional(),
    /** A pre-registered client; without it the gateway registers itself. */
    clientId: z.string().min(1, "must not be empty").optional(),
    clientSecret: z.string().min(1, "must not be empty").optional(),
    /** Space-separated scopes to ask for; by default the server's challenge or its `scopes_supported` decides. */
    scope: z.string().min(1, "must not be empty").optional(),
    /** The loopback port `codemode login` receives the authorization code on; a free port by default. */
    redirectPort: z.number().int().min(1).max(65535).optional(),
    /** An https URL serving this client's metadata document, used as its client_id where the server supports that. */
    clientMetadataUrl: z.string().refine(isHttpsUrlWithPath, "must be an https URL with a path").optional(),
    /** How the client authenticates at the token endpoint; by default the best the server supports. */
    tokenEndpointAuthMethod: z
      .enum(["client_secret_basic", "client_secret_post", "private_key_jwt", "none"], {
        error: 'must be "client_secret_basic", "client_secret_post", "private_key_jwt" or "none"',
      })
      .optional(),
    /** A PEM private key for `private_key_jwt`, relative to the config file. */
    privateKeyFile: z.string().min(1, "must be a file's path").optional(),
    /** The JWS algorithm of the `private_key_jwt` assertion. Default RS256. */
    signingAlgorithm: z.string().regex(/^[A-Z]{2}\d{3}$/, "must be a JWS algorithm such as RS256 or ES256").optional(),
    /** The authorization server's issuer the client credentials belong to: they are sent to no other server. */
    issuer: z.string().refine(isHttpUrl, "must be an http(s) URL").optional(),
  })
  .superRefine((value, context) => {
    const grant = value.grant ?? "authorization_code";
    if (grant === "client_credentials" && value.clientId === undefined) {
      context.addIssue({ code: "custom", path: ["clientId"], message: "is required for the client_credentials grant" });
    }
    const jwt = value.tokenEndpointAuthMethod === "private_key_jwt" || value.privateKeyFile !== undefined;
    if (jwt && grant !== "client_credentials") {
      context.addIssue({ code: "custom", path: ["privateKeyFile"], message: "private_key_jwt is only for the client_credentials grant" });
    }
    if (value.tokenEndpointAuthMethod === "private_key_jwt" && value.privateKeyFile === undefined) {
      context.addIssue({ code: "custom", path: ["privateKeyFile"], message: "is required for private_key_jwt" });
    }
    if (grant === "client_credentials" && !jwt && value.clientSecret === undefined) {
      context.addIssue({ code: "custom", path: ["clientSecret"], message: "is required for the client_credentials grant (or give privateKeyFile)" });
    }
    const secretMethod = value.tokenEndpointAuthMethod === "client_secret_basic" || value.tokenEndpointAuthMethod === "client_secret_post";
    if (secretMethod && value.clientSecret === undefined) {
      context.addIssue({ code: "custom", path: ["clientSecret"], message: `is required for ${value.tokenEndpointAuthMethod}` });
    }
    if (value.clientSecret !== undefined && value.clientId === undefined) {
      context.addIssue({ code: "custom", path: ["clientId"], message: "is required with clientSecret" });
    }
    if (grant === "client_credentials" && value.redirectPort !== undefined) {
      context.addIssue({ code: "custom", path: ["redirectPort"], message: "is only for the authorization_code grant" });
    }
  });

/** One server entry's `oauth` key. */
export type UpstreamOAuthConfig = z.infer<typeof upstreamOAuthConfigSchema>;

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isHttpsUrlWithPath(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.pathname !== "/";
  } catch {
    return false;
  }
}
