import { createHash, timingSafeEqual } from "node:crypto";

/** One caller the gateway knows by its bearer token. */
export interface BearerPrincipal {
  name: string;
  token: string;
  allow?: readonly string[];
}

/**
 * Finds the principal an `Authorization` header names; null when it is missing or wrong. Comparing digests keeps
 * the comparison's time independent of where the tokens differ.
 */
export function authenticateBearer(header: string | undefined, principals: readonly BearerPrincipal[]): BearerPrincipal | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const offered = digest(match[1]);
  let found: BearerPrincipal | null = null;
  for (const principal of principals) {
    if (timingSafeEqual(offered, digest(principal.token))) found = principal;
  }
  return found;
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}
