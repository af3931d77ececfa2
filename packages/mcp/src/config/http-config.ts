import { z } from "zod";

const publicUrl = z.string().refine((value) => parseUrl(value)?.protocol.startsWith("http") ?? false, "must be an http(s) URL");
const origin = z.string().refine((value) => {
  const url = parseUrl(value);
  return url !== undefined && url.protocol.startsWith("http") && url.origin === value.replace(/\/$/, "");
}, 'must be an origin: scheme, host and optional port, such as "https://app.example.com"');

/** `http`: how the gateway is reached over HTTP, which decides the Host and Origin headers it accepts. */
export const httpConfigSchema = z.strictObject({
  /**
   * The URL(s) clients use to reach the endpoint, such as `https://mcp.example.com/mcp`; the first is the OAuth
   * resource URL. Their hosts are the only accepted `Host` headers and their origins accepted `Origin`s. Without
   * it, only loopback hosts and origins are accepted.
   */
  publicUrl: z.union([publicUrl, z.array(publicUrl).min(1)]).optional(),
  /** More browser origins allowed to call the endpoint (`Origin` header), beside the public URL's own. */
  allowedOrigins: z.array(origin).optional(),
  /** Serve a non-loopback address without `auth`. Off: such a gateway refuses to start. */
  allowUnauthenticated: z.boolean().optional(),
});

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
