import path from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { UpstreamConfig } from "../config/index.js";

/** Options of {@link createUpstreamTransport}. */
export interface CreateUpstreamTransportOptions {
  /** Where a relative `cwd` is resolved; the default working directory of a stdio server. */
  baseDir: string;
  /** The largest message a stdio server may send; bigger ones close the connection. */
  maxMessageBytes: number;
  /** Receives the server's stderr, line by line. */
  onStderr?: (line: string) => void;
}

/** Makes the MCP client transport for one upstream: a child process over stdio, or Streamable HTTP. */
export function createUpstreamTransport(config: UpstreamConfig, options: CreateUpstreamTransportOptions): Transport {
  if (config.url !== undefined) {
    return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers ?? {} } });
  }
  const transport = new StdioClientTransport({
    command: config.command ?? "",
    args: config.args ?? [],
    env: config.env ?? {},
    cwd: path.resolve(options.baseDir, config.cwd ?? "."),
    stderr: "pipe",
    maxBufferSize: options.maxMessageBytes,
  });
  let pending = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) options.onStderr?.(line);
  });
  return transport;
}
