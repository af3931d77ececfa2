/** An authenticated HTTP caller, whichever way it proved who it is. */
export interface Principal {
  /** A bearer token's `name` or an OAuth token's `sub`: what quotas count by and messages name. */
  name: string;
  /** The identity that owns its code-mode sessions and 2025-era MCP sessions; never a credential. */
  owner: string;
  /** The tools it may call; absent means every tool. */
  allow?: readonly string[];
}

/** The one principal of a gateway without `auth` (reachable on loopback only, or by explicit opt-in). */
export const ANONYMOUS: Principal = { name: "anonymous", owner: "http:anonymous" };

/** A key equal for two principals exactly when they own the same sessions with the same tools. */
export function scopeKeyOf(principal: Principal): string {
  return JSON.stringify([principal.owner, principal.allow ?? null]);
}
