import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/** The console's session cookie: the sign-in token, sealed, so that no script of the page can read it. */
export const CONSOLE_COOKIE = "codemode_console";

/** How long a console sign-in lasts, at most; an OAuth token's own expiry ends it sooner (each request checks it). */
export const CONSOLE_SESSION_MS = 8 * 60 * 60_000;

/** The AES-256-GCM key of the console's cookies, from the gateway's key (shared by every replica of a cluster). */
export function consoleCookieKey(gatewayKey: Uint8Array): Buffer {
  return createHmac("sha256", gatewayKey).update("codemode console cookie").digest();
}

/** Seals a token and its expiry into a cookie value: encrypted and authenticated, so it cannot be read or changed. */
export function sealToken(key: Buffer, token: string, expiresAt: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify({ token, expiresAt }), "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The token a cookie value seals, while it has not expired; undefined for anything else. */
export function openToken(key: Buffer, value: string): string | undefined {
  try {
    const bytes = Buffer.from(value, "base64url");
    if (bytes.length < 12 + 16 + 2) return undefined;
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
    const { token, expiresAt } = JSON.parse(text) as { token?: unknown; expiresAt?: unknown };
    return typeof token === "string" && typeof expiresAt === "number" && expiresAt > Date.now() ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The value of one cookie of a request, if it was sent. */
export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The `Set-Cookie` of the console's session: sent back only to the console's own paths, never readable by a script
 * (HttpOnly), never sent by another site's page (SameSite=Strict), and only over HTTPS where the gateway is reached so.
 */
export function sessionCookie(value: string, maxAgeMs: number, secure: boolean): string {
  const parts = [`${CONSOLE_COOKIE}=${value}`, "Path=/console", "HttpOnly", "SameSite=Strict", `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
