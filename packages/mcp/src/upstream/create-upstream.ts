import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type ReadResourceResult,
  type Resource,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { CodeModeError } from "@codemode/core";
import type { UpstreamConfig } from "../config/index.js";
import { createUpstreamTransport } from "./create-upstream-transport.js";
import { linkAbort } from "./link-abort.js";
import { isConnectionError, toUpstreamError } from "./to-upstream-error.js";

/** Options of {@link createUpstream}. */
export interface CreateUpstreamOptions {
  baseDir: string;
  /** Per-call timeout when the server's config has none. */
  timeoutMs: number;
  /** Largest answer accepted from this server. */
  maxResponseBytes: number;
  /** Called with the full tool list whenever it changes (connect, reconnect, `list_changed`). */
  onTools: (tools: readonly Tool[]) => void;
  log: (message: string) => void;
  /** How long the initialize handshake and the first tool listing may take. Default 30 s. */
  connectTimeoutMs?: number;
  /** First and longest wait between connection attempts. */
  backoff?: { initialMs: number; maxMs: number };
}

/** The state of one upstream connection. */
export type UpstreamStatus = "connecting" | "connected" | "down" | "closed";

/** One upstream MCP server the gateway keeps connected. */
export interface Upstream {
  readonly id: string;
  readonly status: UpstreamStatus;
  /** Why the last connection attempt failed, while the server is down. */
  readonly error: string | undefined;
  /** Resolves after the first connection attempt, whether it succeeded or not. */
  start(): Promise<boolean>;
  callTool(name: string, args: unknown, options: { signal?: AbortSignal }): Promise<CallToolResult>;
  /** Every page of the server's resources; none when it does not offer resources. */
  listResources(options: { signal?: AbortSignal }): Promise<Resource[]>;
  /** One resource's contents, with the same timeout, size cap and errors as a tool call. */
  readResource(uri: string, options: { signal?: AbortSignal }): Promise<ReadResourceResult>;
  close(): Promise<void>;
}

const MAX_PAGES = 1000;

/** Connects to one upstream MCP server and keeps it connected: retries with backoff, reconnects after a crash. */
export function createUpstream(id: string, config: UpstreamConfig, options: CreateUpstreamOptions): Upstream {
  const backoff = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  const timeoutMs = config.timeoutMs ?? options.timeoutMs;
  const maxResponseBytes = config.maxResponseBytes ?? options.maxResponseBytes;
  let status: UpstreamStatus = "connecting";
  let client: Client | undefined;
  let connecting: Promise<boolean> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  let lastError: string | undefined;
  // The connection whose transport refused a message for its size: its failed calls are limit_exceeded.
  let oversizedClient: Client | undefined;
  // Aborts the calls in flight on a connection that refused a message, which would otherwise wait for their timeout.
  let oversize = new AbortController();

  async function connect(): Promise<boolean> {
    status = "connecting";
    // Framing and the JSON-RPC envelope come on top of the answer itself.
    const transport = createUpstreamTransport(config, {
      baseDir: options.baseDir,
      maxMessageBytes: maxResponseBytes + 64 * 1024,
      onStderr: (line) => options.log(`[${id}] ${line}`),
    });
    const next = new Client({ name: "codemode-gateway", version: "0.0.0" }, { capabilities: {} });
    const tooBig = new AbortController();
    next.onerror = (error) => {
      if (!/exceeded maximum size/.test(error.message)) return;
      oversizedClient = next;
      tooBig.abort();
    };
    next.onclose = () => {
      if (client !== next || closed) return;
      client = undefined;
      options.log(`upstream ${id} disconnected; reconnecting`);
      scheduleRetry(0);
    };
    next.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (client === next) options.onTools(await listAllTools(next));
    });
    try {
      // A server's start-up (a child process, tsx, a cold cache) can take longer than one of its calls.
      await next.connect(transport, { timeout: options.connectTimeoutMs ?? Math.max(timeoutMs, 30_000) });
      const tools = await listAllTools(next);
      if (closed) {
        await next.close();
        return false;
      }
      client = next;
      oversize = tooBig;
      status = "connected";
      if (failures > 0) options.log(`upstream ${id} is up with ${tools.length} tools`);
      failures = 0;
      lastError = undefined;
      options.onTools(tools);
      return true;
    } catch (error) {
      await next.close().catch(() => undefined);
      if (closed) return false;
      status = "down";
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures);
      failures++;
      lastError = (error as Error).message;
      options.log(`upstream ${id} is down (${(error as Error).message}); retrying in ${delay} ms`);
      scheduleRetry(delay);
      return false;
    }
  }

  function scheduleRetry(delay: number) {
    if (closed || retryTimer) return;
    status = "down";
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connecting = connect().finally(() => (connecting = undefined));
    }, delay);
    retryTimer.unref();
  }

  async function callTool(name: string, args: unknown, { signal }: { signal?: AbortSignal }): Promise<CallToolResult> {
    if (connecting) await connecting;
    const current = client;
    const connectionSignal = oversize.signal;
    if (!current) throw new CodeModeError("UNAVAILABLE", `Upstream ${id} is not connected; it is being retried.`);
    const call = linkAbort([signal, connectionSignal]);
    try {
      const result = (await current.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> }, undefined, {
        timeout: timeoutMs,
        signal: call.signal,
      })) as CallToolResult;
      const size = Buffer.byteLength(JSON.stringify(result));
      if (size > maxResponseBytes) throw tooLarge(name, size);
      return result;
    } catch (error) {
      if (signal?.aborted) throw new CodeModeError("CANCELLED", `The call to ${id}.${name} was cancelled.`);
      const oversized = oversizedClient === current;
      // A refused message leaves the connection unusable (stdio) or its calls aborted (HTTP): start a fresh one.
      if ((oversized || isConnectionError(error)) && client === current) {
        client = undefined;
        void current.close().catch(() => undefined);
        scheduleRetry(0);
      }
      throw oversized ? tooLarge(name) : toUpstreamError(error, id, name, timeoutMs);
    } finally {
      call.unlink();
    }
  }

  // Resource requests go through the connection as tool calls do: the same timeout, size cap and reconnect on faults.
  async function request<T>(what: string, run: (current: Client, options: { timeout: number; signal: AbortSignal }) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (connecting) await connecting;
    const current = client;
    if (!current) throw new CodeModeError("UNAVAILABLE", `Upstream ${id} is not connected; it is being retried.`);
    const call = linkAbort([signal, oversize.signal]);
    try {
      const result = await run(current, { timeout: timeoutMs, signal: call.signal });
      const size = Buffer.byteLength(JSON.stringify(result));
      if (size > maxResponseBytes) throw tooLarge(what, size);
      return result;
    } catch (error) {
      if (signal?.aborted) throw new CodeModeError("CANCELLED", `The request ${what} to ${id} was cancelled.`);
      const oversized = oversizedClient === current;
      if ((oversized || isConnectionError(error)) && client === current) {
        client = undefined;
        void current.close().catch(() => undefined);
        scheduleRetry(0);
      }
      throw oversized ? tooLarge(what) : toUpstreamError(error, id, what, timeoutMs);
    } finally {
      call.unlink();
    }
  }

  async function listResources({ signal }: { signal?: AbortSignal }): Promise<Resource[]> {
    if (connecting) await connecting;
    if (client && !client.getServerCapabilities()?.resources) return [];
    return request("resources/list", async (current, options) => {
      const resources: Resource[] = [];
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = await current.listResources(cursor === undefined ? {} : { cursor }, options);
        resources.push(...result.resources);
        cursor = result.nextCursor;
        if (cursor === undefined || seen.has(cursor)) break;
        seen.add(cursor);
      }
      return resources;
    }, signal);
  }

  function tooLarge(name: string, size?: number) {
    const measured = size === undefined ? "more than" : `${size} bytes, over`;
    return new CodeModeError("LIMIT_EXCEEDED", `Upstream ${id}.${name} answered with ${measured} the ${maxResponseBytes}-byte limit.`);
  }

  return {
    id,
    get status() {
      return status;
    },
    get error() {
      return lastError;
    },
    start() {
      connecting ??= connect().finally(() => (connecting = undefined));
      return connecting;
    },
    callTool,
    listResources,
    readResource: (uri, { signal }) => request("resources/read", (current, options) => current.readResource({ uri }, options), signal),
    async close() {
      closed = true;
      status = "closed";
      clearTimeout(retryTimer);
      await client?.close().catch(() => undefined);
      client = undefined;
    },
  };
}

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    // A server that hands back a cursor it already gave would otherwise be paged forever.
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return tools;
}
