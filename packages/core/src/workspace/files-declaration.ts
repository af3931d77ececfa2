/** The TypeScript declaration of the `files` global, added to the declarations only when a workspace is configured. */
export const FILES_DECLARATION = `type FilesEnvelope<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: "invalid_arguments" | "not_found" | "access_denied" | "limit_exceeded"; message: string; retryable: boolean } };
/** Files in the workspace folder, paths relative to it; every call resolves to an envelope and never throws. */
declare const files: {
  read(args: { path: string; encoding?: "utf8" | "bytes" }): Promise<FilesEnvelope<string | Uint8Array>>;
  write(args: { path: string; data: string | Uint8Array }): Promise<FilesEnvelope<{ path: string; size: number }>>;
  list(args?: { path?: string }): Promise<FilesEnvelope<{ name: string; type: "file" | "directory" | "symlink" | "other"; size: number }[]>>;
  remove(args: { path: string }): Promise<FilesEnvelope<{ path: string }>>;
};`;
