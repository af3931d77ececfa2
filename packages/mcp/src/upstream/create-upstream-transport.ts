import type { Transport } from "@modelcontextprotocol/client";
import type { UpstreamConfig } from "../config/index.js";
import { createHttpTransport } from "./create-http-transport.js";
import { createStdioTransport } from "./create-stdio-transport.js";

/** Options of {@link createUpstreamTransport}. */
export interface CreateUpstreamTransportOptions {
  /** Where a relative `cwd` is resolved; the default working directory of a stdio server. */
  baseDir: string;
  /** The largest message an upstream may send. */
  maxMessageBytes: number;
  /** Receives a stdio server's stderr, line by line. */
  onStderr?: (line: string) => void;
}

/** Makes the MCP client transport for one upstream: Streamable HTTP when it has a url, else a child process over stdio. */
export function createUpstreamTransport(config: UpstreamConfig, options: CreateUpstreamTransportOptions): Transport {
  if (config.url !== undefined) return createHttpTransport(config.url, config.headers ?? {}, options.maxMessageBytes);
  return createStdioTransport({
    command: config.command ?? "",
    args: config.args ?? [],
    env: config.env ?? {},
    cwd: config.cwd ?? ".",
    baseDir: options.baseDir,
    maxMessageBytes: options.maxMessageBytes,
    ...(options.onStderr ? { onStderr: options.onStderr } : {}),
  });
}
