/** The codes a workspace operation fails with, as the script's envelope carries them. */
export type WorkspaceErrorCode = "invalid_arguments" | "not_found" | "access_denied" | "limit_exceeded";

/** A refused or failed workspace operation; the host turns it into a `{ ok: false, error }` envelope. */
export class WorkspaceError extends Error {
  constructor(
    readonly code: WorkspaceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "WorkspaceError";
  }
}
