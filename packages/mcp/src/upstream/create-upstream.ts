import { AsyncLocalStorage } from "node:async_hooks";
import {
  Client,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  type CallToolResult,
  type ClientCapabilities,
  type CreateMessageResult,
  type ElicitResult,
  type PriorDiscovery,
  type ReadResourceResult,
  type Resource,
  type Tool,
} from "@modelcontextprotocol/client";
import { CodeModeError } from "@codemode/core";
import type { UpstreamConfig } from "../config/index.js";
import { createRedactor } from "../operate/index.js";
import { createUpstreamTransport } from "./create-upstream-transport.js";
import { linkAbort } from "./link-abort.js";
import { isConnectionError, toUpstreamError } from "./to-upstream-error.js";
import type { CallerAnswer, CallerQuestion, UpstreamCallOptions, UpstreamCaller } from "../tools/index.js";

/** Options of {@link createUpstream}. */
export interface CreateUpstreamOptions {
  baseDir: string;
  /** Per-call timeout when the server's config has none. */
  timeoutMs: number;
  /** Largest answer accepted from this server. */
  maxResponseBytes: number;
  /** Called with the full tool list whenever it changes (connect, reconnect, `list_changed`). */
  onTools: (tools: readonly Tool[]) => void;
  /**
   * Told what the server itself made happen: it announced that its tools changed, the connection was lost, or it is
   * up again after being down. Not called for what {@link Upstream.refresh} finds.
   */
  onChange?: (kind: "tools_changed" | "down" | "up") => void;
  log: (message: string) => void;
  /** Takes credentials (an upstream URL's password or token) out of errors before they are kept or shown. */
  redact?: (text: string) => string;
  /** How long the version probe, the handshake and the first tool listing may take. Default 30 s. */
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
  /** The MCP revision spoken with the server while connected (`2026-07-28`, `2025-11-25`, ...). */
  readonly protocolVersion: string | undefined;
  /** The last failure (a failed attempt or a lost connection) and when it was, kept after the server came back. */
  readonly lastFailure: { message: string; at: string } | undefined;
  /** How many times the server came back after it had been connected and was lost. */
  readonly reconnects: number;
  /** Resolves after the first connection attempt, whether it succeeded or not. */
  start(): Promise<boolean>;
  /**
   * Lists the tools again while connected (a lost connection is then found and retried); while down, retries the
   * connection now rather than at the end of its backoff.
   */
  refresh(): Promise<void>;
  callTool(name: string, args: unknown, options: UpstreamCallOptions): Promise<CallToolResult>;
  /** Every page of the server's resources; none when it does not offer resources. */
  listResources(options: { signal?: AbortSignal }): Promise<Resource[]>;
  /** One resource's contents, with the same timeout, size cap and errors as a tool call. */
  readResource(uri: string, options: { signal?: AbortSignal }): Promise<ReadResourceResult>;
  close(): Promise<void>;
}

const MAX_PAGES = 1000;
const PROBE_TIMEOUT_MS = 10_000;

/**
 * What the gateway can pass on to the client behind an execution, so all it declares to upstreams: form and URL
 * elicitation and sampling. Roots are not declared: they would describe the gateway's machine, not the caller's.
 */
const FORWARDED_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} }, sampling: {} };

/** Connects to one upstream MCP server and keeps it connected: retries with backoff, reconnects after a crash. */
export function createUpstream(id: string, config: UpstreamConfig, options: CreateUpstreamOptions): Upstream {
  const backoff = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  const timeoutMs = config.timeoutMs ?? options.timeoutMs;
  const maxResponseBytes = config.maxResponseBytes ?? options.maxResponseBytes;
  const redact = options.redact ?? createRedactor();
  // Where an HTTP server is, for messages about it: an operator reading "fetch failed" wants to know where.
  const where = config.url === undefined ? "" : ` at ${redact(config.url)}`;
  let status: UpstreamStatus = "connecting";
  let client: Client | undefined;
  let tools = new Map<string, Tool>();
  let connecting: Promise<boolean> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let connectedBefore = false;
  let closed = false;
  let lastError: string | undefined;
  let lastFailure: { message: string; at: string } | undefined;
  let reconnects = 0;
  // The era the server spoke last time, so a reconnect skips the version probe (on stdio, a second child process).
  // Kept for the life of the gateway: an upgraded server is found again at the next start.
  let prior: PriorDiscovery | undefined;
  // The connection whose transport refused a message for its size: its failed calls are limit_exceeded.
  let oversizedClient: Client | undefined;
  // Aborts the calls in flight on a connection that refused a message, which would otherwise wait for their timeout.
  let oversize = new AbortController();
  // The executions with calls in flight here, and how many each: a question or log message the server sends
  // outside any call's context belongs to the only one, when there is only one.
  const inFlight = new Map<UpstreamCaller, number>();
  // The execution of the call whose context an inbound message arrived in: the call itself (a 2026-07-28
  // input-required round) or its HTTP response stream (a 2025 server's request related to the call).
  const callerContext = new AsyncLocalStorage<{ caller: UpstreamCaller; signal: AbortSignal }>();

  async function connect(): Promise<boolean> {
    status = "connecting";
    // Framing and the JSON-RPC envelope come on top of the answer itself.
    const transport = createUpstreamTransport(config, {
      baseDir: options.baseDir,
      maxMessageBytes: maxResponseBytes + 64 * 1024,
      onStderr: (line) => options.log(`[${id}] ${line}`),
      server: id,
    });
    const next = new Client(
      { name: "codemode-gateway", version: "0.0.0" },
      {
        capabilities: FORWARDED_CAPABILITIES,
        // 2026-07-28 where the server speaks it, else the 2025 handshake: found per server, with no configuration.
        // On stdio a probe that gets no answer means a server that ignores requests before `initialize`; waiting the
        // whole connect timeout for that would only delay the handshake that follows (and a slow-starting 2026 server
        // taken for a 2025 one still works, over its 2025 handshake).
        versionNegotiation: { mode: "auto", probe: { timeoutMs: PROBE_TIMEOUT_MS } },
      },
    );
    const tooBig = new AbortController();
    next.onerror = (error) => {
      if (!/exceeded maximum size/.test(error.message)) return;
      oversizedClient = next;
      tooBig.abort();
    };
    next.onclose = () => {
      if (client !== next || closed) return;
      lostConnection(next);
    };
    next.setRequestHandler("elicitation/create", (request, ctx) =>
      forward<ElicitResult>({ method: "elicitation/create", params: request.params }, ctx.mcpReq.signal),
    );
    next.setRequestHandler("sampling/createMessage", (request, ctx) =>
      forward<CreateMessageResult>({ method: "sampling/createMessage", params: request.params }, ctx.mcpReq.signal),
    );
    next.setNotificationHandler("notifications/message", (notification) => {
      const caller = callerOf();
      if (typeof caller !== "string") caller.log?.(notification.params);
    });
    next.setNotificationHandler("notifications/tools/list_changed", async () => {
      if (client !== next) return;
      const listed = await listAllTools(next);
      if (client !== next) return;
      publish(listed);
      options.onChange?.("tools_changed");
    });
    try {
      // A server's start-up (a child process, tsx, a cold cache) can take longer than one of its calls.
      const connectTimeout = options.connectTimeoutMs ?? Math.max(timeoutMs, 30_000);
      await next.connect(transport, { timeout: connectTimeout, ...(prior ? { prior } : {}) });
      const listed = await listAllTools(next);
      if (next.getProtocolEra() === "modern" && next.getServerCapabilities()?.tools?.listChanged) await listenForChanges(next);
      if (closed) {
        await next.close();
        return false;
      }
      const discover = next.getDiscoverResult();
      prior = discover ? { kind: "modern", discover } : { kind: "legacy" };
      client = next;
      oversize = tooBig;
      status = "connected";
      const cameBack = failures > 0 || connectedBefore;
      if (connectedBefore) reconnects++;
      connectedBefore = true;
      if (failures > 0) options.log(`upstream ${id} is up with ${listed.length} tools`);
      failures = 0;
      lastError = undefined;
      publish(listed);
      if (cameBack) options.onChange?.("up");
      return true;
    } catch (error) {
      await next.close().catch(() => undefined);
      if (closed) return false;
      // A server that answers, but not in the era it spoke before, has changed: find its era again.
      if (!isConnectionError(error) || (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed)) prior = undefined;
      status = "down";
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures);
      failures++;
      lastError = redact((error as Error).message);
      lastFailure = { message: lastError, at: new Date().toISOString() };
      options.log(`upstream ${id}${where} is down (${lastError}); retrying in ${delay} ms`);
      scheduleRetry(delay);
      return false;
    }
  }

  /**
   * A 2026-07-28 server tells of changes only on a `subscriptions/listen` stream. When that stream ends without
   * the gateway closing it, the server went away (or restarted): reconnect, which also lists the tools again.
   */
  async function listenForChanges(next: Client): Promise<void> {
    let subscription;
    try {
      subscription = await next.listen({ toolsListChanged: true });
    } catch (error) {
      // The tools still work; only their changes go unheard until the next reconnect.
      options.log(`upstream ${id} refused to report tool changes (${(error as Error).message})`);
      return;
    }
    void subscription.closed.then((why) => {
      if (why !== "local" && client === next && !closed) lostConnection(next);
    });
  }

  function lostConnection(current: Client) {
    options.log(`upstream ${id} disconnected; reconnecting`);
    lastFailure = { message: "the connection was lost", at: new Date().toISOString() };
    dropConnection(current);
  }

  function dropConnection(current: Client) {
    client = undefined;
    void current.close().catch(() => undefined);
    scheduleRetry(0);
    options.onChange?.("down");
  }

  async function refresh(): Promise<void> {
    if (closed) return;
    if (connecting) {
      await connecting;
      return;
    }
    const current = client;
    if (!current) {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      connecting = connect().finally(() => (connecting = undefined));
      await connecting;
      return;
    }
    try {
      const listed = await listAllTools(current);
      if (client === current) publish(listed);
    } catch (error) {
      if (isConnectionError(error) && client === current) lostConnection(current);
    }
  }

  function publish(listed: Tool[]) {
    tools = new Map(listed.map((tool) => [tool.name, tool]));
    options.onTools(listed);
  }

  function scheduleRetry(delay: number) {
    if (closed || retryTimer) return;
    status = "down";
    // A reconnect started from inside a call must not run, nor leave its transport's listeners, in that call's context.
    retryTimer = callerContext.exit(() =>
      setTimeout(() => {
        retryTimer = undefined;
        connecting = connect().finally(() => (connecting = undefined));
      }, delay),
    );
    retryTimer.unref();
  }

  /** The execution an inbound message belongs to, or why none can be told. */
  function callerOf(): UpstreamCaller | string {
    const linked = callerContext.getStore()?.caller;
    if (linked && inFlight.has(linked)) return linked;
    if (inFlight.size === 1) return [...inFlight.keys()][0] as UpstreamCaller;
    if (inFlight.size === 0) return `no call to ${id} is in flight`;
    return `${inFlight.size} executions have calls in flight on ${id} and the request does not say which one it belongs to`;
  }

  /**
   * Passes an upstream's question to the execution it belongs to. One that cannot be asked is declined: an
   * elicitation is answered `decline` (the spec's answer for "no"), so the server goes on as it would for a person who
   * said no; a sampling request, which has no such answer, fails. The reason goes to the execution (its result's
   * diagnostics) and the gateway's log.
   */
  async function forward<Answer extends CallerAnswer>(question: CallerQuestion, signal: AbortSignal): Promise<Answer> {
    const caller = callerOf();
    let why: string;
    if (typeof caller === "string") why = caller;
    else if (!caller.ask) why = "no MCP client is connected to this execution to answer it";
    else {
      // The question is withdrawn when the server withdraws it, or when the call it came with ends; a question that
      // came with no call in its context (a 2025 server's, on stdio) is from a call that cannot outlive its timeout.
      const linked = callerContext.getStore();
      const asking = linkAbort([signal, linked?.caller === caller ? linked.signal : AbortSignal.timeout(timeoutMs)]);
      try {
        return (await caller.ask(question, asking.signal)) as Answer;
      } catch (error) {
        why = (error as Error).message.replace(/\.$/, "");
      } finally {
        asking.unlink();
      }
    }
    const message = `The codemode gateway declined ${question.method} from ${id}: ${why}.`;
    options.log(message);
    if (typeof caller !== "string") caller.onDeclined?.(message);
    if (question.method === "elicitation/create") return { action: "decline" } as Answer;
    throw new ProtocolError(ProtocolErrorCode.InvalidRequest, message);
  }

  async function callTool(name: string, args: unknown, { signal, caller, onProgress }: UpstreamCallOptions): Promise<CallToolResult> {
    if (connecting) await connecting;
    const current = client;
    const connectionSignal = oversize.signal;
    if (!current) throw new CodeModeError("UNAVAILABLE", `Upstream ${id} is not connected; it is being retried.`);
    const call = linkAbort([signal, connectionSignal]);
    const tool = tools.get(name);
    if (caller) inFlight.set(caller, (inFlight.get(caller) ?? 0) + 1);
    try {
      const request = () =>
        current.callTool(
          { name, arguments: (args ?? {}) as Record<string, unknown> },
          {
            timeout: timeoutMs,
            signal: call.signal,
            // The listed definition: the SDK checks structuredContent against its outputSchema.
            ...(tool ? { toolDefinition: tool } : {}),
            ...(onProgress ? { onprogress: onProgress } : {}),
          },
        );
      const result = (await (caller ? callerContext.run({ caller, signal: call.signal }, request) : request())) as CallToolResult;
      const size = Buffer.byteLength(JSON.stringify(result));
      if (size > maxResponseBytes) throw tooLarge(name, size);
      return result;
    } catch (error) {
      if (signal?.aborted) throw new CodeModeError("CANCELLED", `The call to ${id}.${name} was cancelled.`);
      const oversized = oversizedClient === current;
      // A refused message leaves the connection unusable (stdio) or its calls aborted (HTTP): start a fresh one.
      if ((oversized || isConnectionError(error)) && client === current) dropConnection(current);
      throw oversized ? tooLarge(name) : toUpstreamError(error, id, name, timeoutMs, redact);
    } finally {
      call.unlink();
      if (caller) {
        const left = (inFlight.get(caller) ?? 1) - 1;
        if (left > 0) inFlight.set(caller, left);
        else inFlight.delete(caller);
      }
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
      if ((oversized || isConnectionError(error)) && client === current) dropConnection(current);
      throw oversized ? tooLarge(what) : toUpstreamError(error, id, what, timeoutMs, redact);
    } finally {
      call.unlink();
    }
  }

  async function listResources({ signal }: { signal?: AbortSignal }): Promise<Resource[]> {
    if (connecting) await connecting;
    if (client && !client.getServerCapabilities()?.resources) return [];
    return request(
      "resources/list",
      async (current, options) => {
        const resources: Resource[] = [];
        const seen = new Set<string>();
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const result = await current.request({ method: "resources/list", params: cursor === undefined ? {} : { cursor } }, options);
          resources.push(...result.resources);
          cursor = result.nextCursor;
          if (cursor === undefined || seen.has(cursor)) break;
          seen.add(cursor);
        }
        return resources;
      },
      signal,
    );
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
    get protocolVersion() {
      return client?.getNegotiatedProtocolVersion();
    },
    get lastFailure() {
      return lastFailure;
    },
    get reconnects() {
      return reconnects;
    },
    start() {
      connecting ??= connect().finally(() => (connecting = undefined));
      return connecting;
    },
    refresh,
    callTool,
    listResources,
    readResource: (uri, { signal }) =>
      request("resources/read", (current, options) => current.request({ method: "resources/read", params: { uri } }, options), signal),
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
  // The SDK would log to stdout (console.debug) about a server without tools; such a server simply has none.
  if (!client.getServerCapabilities()?.tools) return [];
  const listed: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    // Page by page rather than the SDK's own walk: a server that hands back a cursor it already gave would run that
    // walk to its page cap and lose the whole listing.
    const result = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } });
    listed.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return listed;
}
