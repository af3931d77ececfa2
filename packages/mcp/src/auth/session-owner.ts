import { createHash } from "node:crypto";
import type { BearerPrincipal } from "./authenticate-bearer.js";

/** The owner of sessions opened over stdio, or by a client connected with `connect`: the one local user. */
export const LOCAL_OWNER = "local";

/**
 * The session owner of an HTTP caller: its bearer token, hashed so that the token itself is never kept or shown;
 * without tokens every HTTP caller is the same anonymous owner.
 */
export function sessionOwnerOf(principal: BearerPrincipal | null): string {
  if (!principal) return "http:anonymous";
  return `bearer:${createHash("sha256").update(principal.token).digest("hex")}`;
}

/** The session owner of an OAuth caller: its subject, so that a refreshed token keeps its sessions. */
export function oauthOwnerOf(subject: string): string {
  return `oauth:${subject}`;
}
