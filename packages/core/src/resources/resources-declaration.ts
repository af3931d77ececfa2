/** The TypeScript declaration of the `resources` global, added to the declarations only when a resource source is configured. */
export const RESOURCES_DECLARATION = `type ResourcesEnvelope<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: "invalid_arguments" | "not_found" | "limit_exceeded" | "unavailable" | "timeout" | "tool_error"; message: string; retryable: boolean } };
/** The resources of the servers (namespaces) this caller may use; every call resolves to an envelope and never throws. */
declare const resources: {
  list(args?: { namespace?: string }): Promise<ResourcesEnvelope<{ namespace: string; uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number }[]>>;
  /** A resource's contents: text, or bytes in \`blob\`. A resource_link block of a tool of that namespace gives the uri. */
  read(args: { namespace: string; uri: string }): Promise<ResourcesEnvelope<({ uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: Uint8Array })[]>>;
};`;
