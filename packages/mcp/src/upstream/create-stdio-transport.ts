import path from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { BoundedReadBuffer } from "./bounded-read-buffer.js";

/** What a stdio upstream needs to start. */
export interface StdioTransportOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  /** Absolute, or relative to `baseDir`. */
  cwd: string;
  baseDir: string;
  /** The largest message the server may send; a bigger response fails its call alone (see BoundedReadBuffer). */
  maxMessageBytes: number;
  /** Receives the server's stderr, line by line. */
  onStderr?: (line: string) => void;
  /** Told of a message over the cap whose call could not be told apart from the others in flight. */
  onUnmatchedOversize?: () => void;
}

/**
 * The SDK's stdio transport with the gateway's framing. Being a subclass also makes the SDK's version negotiation
 * probe on this process (the SDK spawns a short-lived sibling process for the probe only for its own class): the
 * server is started once, whichever era it speaks. A server that exits on the probe is then started again by the
 * upstream, told to skip it.
 */
class UpstreamStdioTransport extends StdioClientTransport {
  constructor(options: StdioTransportOptions) {
    super({
      command: options.command,
      args: [...options.args],
      env: options.env,
      cwd: path.resolve(options.baseDir, options.cwd),
      stderr: "pipe",
    });
    // The SDK's transport reads stdout through this one field; its own buffer closes the connection on a long line.
    (this as unknown as { _readBuffer: BoundedReadBuffer })._readBuffer = new BoundedReadBuffer(
      options.maxMessageBytes,
      options.onUnmatchedOversize ?? (() => undefined),
    );
  }
}

/** Starts an upstream as a child process and speaks MCP over its stdin and stdout. */
export function createStdioTransport(options: StdioTransportOptions): StdioClientTransport {
  const transport = new UpstreamStdioTransport(options);
  let pending = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) options.onStderr?.(line);
  });
  return transport;
}
