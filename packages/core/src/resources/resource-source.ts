/** One resource as `resources.list` shows it: MCP's resource fields plus the namespace (server) it belongs to. */
export interface ResourceInfo {
  namespace: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** One part of a resource as `resources.read` gives it: text, or bytes (`blob`, base64 on the wire). */
export type ResourceContent =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: Uint8Array };

/** What a call of the source gets besides its arguments. */
export interface ResourceCallOptions {
  /** Fires when the script ends or the call is no longer wanted. */
  signal: AbortSignal;
  /** The execution's `context` (see `ExecuteOptions.context`). */
  context: unknown;
}

/**
 * Where the script's `resources` global reads from, such as the resources of a gateway's upstream MCP servers. The
 * core checks the caller's allowlist before and after each call, so a source answers for every namespace it has.
 * `blob` may come as base64 text (as MCP sends it); the script gets bytes.
 */
export interface ResourceSource {
  /** The resources of one namespace, or of every namespace when none is given. */
  list(args: { namespace?: string }, options: ResourceCallOptions): Promise<readonly ResourceInfo[]>;
  /** One resource's contents; throw a `CodeModeError` with `NOT_FOUND` for a resource that does not exist. */
  read(
    args: { namespace: string; uri: string },
    options: ResourceCallOptions,
  ): Promise<readonly ({ uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: Uint8Array | string })[]>;
}

