import type { GatewayConfig } from "./gateway-config.js";

// Parameter and header names that carry credentials: token, access_token, api_key, apikey, X-Amz-Signature, ...
const SECRET_NAME = /token|key|secret|pass|pwd|auth|credential|signature|sig|session|code|jwt|bearer|cookie/i;

/**
 * The credentials a config holds, to be masked wherever they turn up: the userinfo and credential-named query values
 * of upstream URLs (often from `${ENV}`), credential headers, OAuth client secrets, the Redis password and the
 * gateway's own tokens.
 */
export function secretsOf(config: GatewayConfig): string[] {
  const secrets: string[] = [];
  const fromUrl = (text: string) => {
    const url = parseUrl(text);
    if (!url) return;
    // A lone userinfo (`https://TOKEN@host`) is a token; with a password, the name is only a name. Sent as Basic
    // authentication, the pair is a credential in its base64 form too.
    secrets.push(...[url.password || url.username].filter(Boolean).map(safeDecode));
    if (url.username || url.password) secrets.push(Buffer.from(`${safeDecode(url.username)}:${safeDecode(url.password)}`).toString("base64"));
    for (const [name, value] of url.searchParams) if (SECRET_NAME.test(name)) secrets.push(value);
  };
  for (const server of Object.values(config.mcpServers)) {
    if (server.url !== undefined) fromUrl(server.url);
    for (const [name, value] of Object.entries(server.headers ?? {})) {
      if (SECRET_NAME.test(name)) secrets.push(value, value.replace(/^\S+\s+/, ""));
    }
    if (server.oauth?.clientSecret !== undefined) secrets.push(server.oauth.clientSecret);
  }
  if (config.cluster) {
    fromUrl(config.cluster.redisUrl);
    if (config.cluster.secret !== undefined) secrets.push(config.cluster.secret);
  }
  for (const { token } of config.auth?.bearer ?? []) secrets.push(token);
  if (config.metrics?.token !== undefined) secrets.push(config.metrics.token);
  return secrets;
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
