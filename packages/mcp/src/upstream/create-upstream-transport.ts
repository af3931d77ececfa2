import type { Transport } from "@modelcontextprotocol/client";
import type { UpstreamConfig } from "../config/index.js";
import { createTokenStore, createUpstreamAuthProvider, type TokenStore } from "../upstream-auth/index.js";
import { createFallbackTransport } from "./create-fallback-transport.js";
import { createHttpTransport } from "./create-http-transport.js";
import { createSseTransport } from "./create-sse-transport.js";
import { createStdioTransport } from "./create-stdio-transport.js";

/** Options of {@link createUpstreamTransport}. */
export interface CreateUpstreamTransportOptions {
  /** Where a relative `cwd` is resolved; the default working directory of a stdio server. */
  baseDir: string;
  /** The largest message an upstream may send; a response over it fails its own call. */
  maxMessageBytes: number;
  /** Told of a message over the cap whose call could not be told apart from the others in flight. */
  onUnmatchedOversize?: () => void;
  /** Receives a stdio server's stderr, line by line. */
  onStderr?: (line: string) => void;
  /** The server's id: names its stored OAuth login. */
  server?: string;
  /** Where OAuth logins are stored. Default `CODEMODE_AUTH_DIR` or `~/.codemode/auth`. */
  tokenStore?: TokenStore;
}

/**
 * Makes the MCP client transport for one upstream: with a url, Streamable HTTP (`"type": "http"`), the legacy
 * HTTP+SSE transport (`"sse"`), or without a type Streamable HTTP falling back to SSE when the server refuses it;
 * else a child process over stdio.
 */
export function createUpstreamTransport(config: UpstreamConfig, options: CreateUpstreamTransportOptions): Transport {
  const { type, oauth } = config;
  if (config.url !== undefined) {
    const { url, headers } = withBasicAuth(config.url, config.headers ?? {});
    const server = options.server ?? new URL(url).hostname.replace(/[^A-Za-z0-9_-]/g, "_");
    const store = oauth && (options.tokenStore ?? createTokenStore());
    const authProvider = oauth && store ? createUpstreamAuthProvider({ server, url, oauth, store, baseDir: options.baseDir }) : undefined;
    const http = () => createHttpTransport(url, headers, options.maxMessageBytes, authProvider, options.onUnmatchedOversize);
    const sse = () => createSseTransport(url, headers, options.maxMessageBytes, authProvider, options.onUnmatchedOversize);
    if (type === "sse") return sse();
    return type === "http" ? http() : createFallbackTransport(http, sse);
  }
  return createStdioTransport({
    command: config.command ?? "",
    args: config.args ?? [],
    env: config.env ?? {},
    cwd: config.cwd ?? ".",
    baseDir: options.baseDir,
    maxMessageBytes: options.maxMessageBytes,
    ...(options.onStderr ? { onStderr: options.onStderr } : {}),
    ...(options.onUnmatchedOversize ? { onUnmatchedOversize: options.onUnmatchedOversize } : {}),
  });
}

/**
 * A URL's userinfo as HTTP Basic authentication, as curl sends it: fetch refuses a URL with credentials, and the URL
 * then never carries them into an error message. An `authorization` header of the config's own wins.
 */
function withBasicAuth(url: string, headers: Record<string, string>): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  if (parsed.username === "" && parsed.password === "") return { url, headers };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = "";
  parsed.password = "";
  const given = Object.keys(headers).some((name) => name.toLowerCase() === "authorization");
  return { url: parsed.href, headers: given ? headers : { ...headers, authorization: `Basic ${Buffer.from(credentials).toString("base64")}` } };
}
