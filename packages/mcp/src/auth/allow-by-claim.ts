import type { JWTPayload } from "jose";

/**
 * The tool patterns a token's claim grants: the union of the patterns of each of its values. The claim may be a
 * string, a space-separated string or a list; a dotted name reaches into objects (`realm_access.roles`).
 */
export function allowByClaim(payload: JWTPayload, rule: { claim: string; values: Record<string, readonly string[]> }): string[] {
  let claim: unknown = payload;
  for (const key of rule.claim.split(".")) {
    claim = typeof claim === "object" && claim !== null && Object.hasOwn(claim, key) ? (claim as Record<string, unknown>)[key] : undefined;
  }
  const values = typeof claim === "string" ? claim.split(" ") : Array.isArray(claim) ? claim.filter((item) => typeof item === "string") : [];
  const patterns = new Set<string>();
  for (const value of values) {
    if (Object.hasOwn(rule.values, value)) for (const pattern of rule.values[value] ?? []) patterns.add(pattern);
  }
  return [...patterns];
}
