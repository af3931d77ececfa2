import path from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** What a stdio upstream needs to start. */
export interface StdioTransportOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  /** Absolute, or relative to `baseDir`. */
  cwd: string;
  baseDir: string;
  /** The largest message the server may send; a bigger one closes the connection. */
  maxMessageBytes: number;
  /** Receives the server's stderr, line by line. */
  onStderr?: (line: string) => void;
}

/** Starts an upstream as a child process and speaks MCP over its stdin and stdout. */
export function createStdioTransport(options: StdioTransportOptions): StdioClientTransport {
  const transport = new StdioClientTransport({
    command: options.command,
    args: [...options.args],
    env: options.env,
    cwd: path.resolve(options.baseDir, options.cwd),
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
