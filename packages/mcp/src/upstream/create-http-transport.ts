import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { UpstreamAuthProvider } from "../upstream-auth/index.js";
import { createCappedFetch } from "./create-capped-fetch.js";

/**
 * A Streamable HTTP client transport on which a response over `maxMessageBytes` fails its own call alone, and whose
 * requests fail at once when the server drops their event stream (see createCappedFetch).
 */
export function createHttpTransport(
  url: string,
  headers: Record<string, string>,
  maxMessageBytes: number,
  authProvider?: UpstreamAuthProvider,
  onUnmatchedOversize?: () => void,
): StreamableHTTPClientTransport {
  const capped = createCappedFetch(maxMessageBytes, onUnmatchedOversize);
  const fetch = authProvider ? authProvider.observe(capped) : capped;
  return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch, ...(authProvider ? { authProvider } : {}) });
}
