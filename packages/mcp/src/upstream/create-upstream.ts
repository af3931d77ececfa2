import {
  Client,
  ProtocolError,
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
import { CodeModeError, MAX_JSON_DEPTH, nestsDeeperThan } from "@codemode/core";
import type { UpstreamConfig } from "../config/index.js";
import { createRedactor } from "../operate/index.js";
import { createUpstreamTransport } from "./create-upstream-transport.js";
import { describeStartFailure } from "./describe-start-failure.js";
import { linkAbort } from "./link-abort.js";
import { routeToCallers } from "./route-to-callers.js";
import { listAllResources, listAllTools } from "./list-all.js";
import { RESPONSE_TOO_LARGE } from "./oversized-message.js";
import { isConnectionError, isMalformedResult, toUpstreamError } from "./to-upstream-error.js";
import { waitFor } from "./wait-for.js";
import type { UpstreamCallOptions } from "../tools/index.js";

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
  /** Receives what happens to the connection; `fields` say it as data (`upstream`, `event`, `durationMs`, ...). */
  log: (message: string, fields?: UpstreamLogFields) => void;
  /** Takes credentials (an upstream URL's password or token) out of errors before they are kept or shown. */
  redact?: (text: string) => string;
  /** How long the version probe, the handshake and the first tool listing may take. Default 30 s. */
  connectTimeoutMs?: number;
  /** First and longest wait between connection attempts. */
  backoff?: { initialMs: number; maxMs: number };
}

/** What an upstream's log line is about, as data, for whoever shows progress. */
export interface UpstreamLogFields {
  upstream: string;
  event: "starting" | "connected" | "down" | "bad_answer";
  /** For `connected`: how long the connection took; for `starting`, absent. */
  durationMs?: number;
  /** For `connected`: how many tools the server listed. */
  tools?: number;
  /** For `down`: why, in words that name the fix. */
  reason?: string;
}

/** The state of one upstream connection: `idle` until something needs it. */
export type UpstreamStatus = "idle" | "connecting" | "connected" | "down" | "closed";

/** One upstream MCP server the gateway keeps connected. */
export interface Upstream {
  readonly id: string;
  readonly status: UpstreamStatus;
  /** Why the last connection attempt failed, while the server is down. */
  readonly error: string | undefined;
  /** The MCP revision spoken with the server while connected (`2026-07-28`, `2025-11-25`, ...). */
  readonly protocolVersion: string | undefined;
  /** Whether its tools were listed by the server itself in this process (rather than known from a cache, or not at all). */
  readonly listed: boolean;
  /** The last failure (a failed attempt or a lost connection) and when it was, kept after the server came back. */
  readonly lastFailure: { message: string; at: string } | undefined;
  /** How many times the server came back after it had been connected and was lost. */
  readonly reconnects: number;
  /** Starts connecting, if nothing has yet; resolves after the attempt under way, whether it succeeded or not. */
  start(): Promise<boolean>;
  /**
   * Waits until connected, starting the connection if nothing has yet, for at most one call's timeout; throws
   * `UNAVAILABLE` saying why when the server is down or still starting then, and `CANCELLED` when `signal` aborts.
   * `what` names the waiting party in those messages ("the call to fs.read_file").
   */
  ready(what: string, signal?: AbortSignal): Promise<void>;
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

const PROBE_TIMEOUT_MS = 10_000;

/**
 * What the gateway can pass on to the client behind an execution, so all it declares to upstreams: form and URL
 * elicitation and sampling. Roots are not declared: they would describe the gateway's machine, not the caller's.
 */
const FORWARDED_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} }, sampling: {} };

/**
 * Connects to one upstream MCP server when something first needs it, and keeps it connected: retries with backoff,
 * reconnects after a crash. A bad answer (too large, malformed, nested too deeply) fails its own call and leaves
 * the connection as it is.
 */
export function createUpstream(id: string, config: UpstreamConfig, options: CreateUpstreamOptions): Upstream {
  const backoff = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  const timeoutMs = config.timeoutMs ?? options.timeoutMs;
  const maxResponseBytes = config.maxResponseBytes ?? options.maxResponseBytes;
  const redact = options.redact ?? createRedactor();
  // Where an HTTP server is, for messages about it: an operator reading "fetch failed" wants to know where.
  const where = config.url === undefined ? "" : ` at ${redact(config.url)}`;
  let status: UpstreamStatus = "idle";
  let client: Client | undefined;
  let tools = new Map<string, Tool>();
  let listed = false;
  let connecting: Promise<boolean> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let connectedBefore = false;
  let closed = false;
  let lastError: string | undefined;
  let lastFailure: { message: string; at: string } | undefined;
  let reconnects = 0;
  // The era the server spoke last time, so a reconnect skips the version probe.
  // Kept for the life of the gateway: an upgraded server is found again at the next start.
  let prior: PriorDiscovery | undefined;
  // Aborts the calls in flight when an answer over the size cap arrived that names no request; a new one replaces it.
  let oversize = new AbortController();
  const routes = routeToCallers(id, timeoutMs, (message) => options.log(message));

  function begin(): Promise<boolean> {
    connecting ??= connect().finally(() => (connecting = undefined));
    return connecting;
  }

  async function connect(): Promise<boolean> {
    status = "connecting";
    const began = performance.now();
    if (!connectedBefore && failures === 0) options.log(`upstream ${id} is starting`, { upstream: id, event: "starting" });
    // A server's start-up (a child process, tsx, a cold cache) can take longer than one of its calls.
    const connectTimeout = options.connectTimeoutMs ?? Math.max(timeoutMs, 30_000);
    for (let attempt = 0; ; attempt++) {
      const next = createClient(Math.min(PROBE_TIMEOUT_MS, connectTimeout));
      // A server that exits as it starts usually says why on stderr, as its last line.
      let lastWords: string | undefined;
      try {
        await next.connect(openTransport((line) => (lastWords = line)), { timeout: connectTimeout, ...(prior ? { prior } : {}) });
        const fresh = await listAllTools(next);
        if (next.getProtocolEra() === "modern" && next.getServerCapabilities()?.tools?.listChanged) await listenForChanges(next);
        if (closed) {
          await next.close();
          return false;
        }
        const discover = next.getDiscoverResult();
        prior = discover ? { kind: "modern", discover } : { kind: "legacy" };
        client = next;
        status = "connected";
        const cameBack = failures > 0 || connectedBefore;
        if (connectedBefore) reconnects++;
        connectedBefore = true;
        const durationMs = Math.round(performance.now() - began);
        options.log(`upstream ${id} is up with ${fresh.length} tools (${durationMs} ms)`, { upstream: id, event: "connected", durationMs, tools: fresh.length });
        failures = 0;
        lastError = undefined;
        publish(fresh);
        if (cameBack) options.onChange?.("up");
        return true;
      } catch (error) {
        await next.close().catch(() => undefined);
        if (closed) return false;
        // The server exited on the era probe, as some 2025-era servers do on any request before `initialize`: start
        // it once more, straight to the handshake.
        if (attempt === 0 && prior === undefined && exitedOnProbe(error)) {
          prior = { kind: "legacy" };
          continue;
        }
        // A server that answers, but not in the era it spoke before, has changed: find its era again.
        if (!isConnectionError(error) || (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed)) prior = undefined;
        const reason = redact(
          lastWords !== undefined && isConnectionError(error)
            ? `the server closed the connection as it started; its stderr said "${lastWords.trim().slice(0, 300)}"`
            : describeStartFailure(id, config, options.baseDir, error, connectTimeout),
        );
        const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures);
        failures++;
        // The same reason again is not news: a server that stays down is told of once, not at every retry.
        if (reason !== lastError) options.log(`upstream ${id}${where} is down (${reason}); retrying in ${delay} ms`, { upstream: id, event: "down", reason });
        lastError = reason;
        lastFailure = { message: reason, at: new Date().toISOString() };
        status = "down";
        scheduleRetry(delay);
        return false;
      }
    }
  }

  function createClient(probeTimeoutMs: number): Client {
    const next = new Client(
      { name: "codemode-gateway", version: "0.0.0" },
      {
        capabilities: FORWARDED_CAPABILITIES,
        // 2026-07-28 where the server speaks it, else the 2025 handshake: found per server, with no configuration.
        // On stdio a probe that gets no answer means a server that ignores requests before `initialize`; waiting the
        // whole connect timeout for that would only delay the handshake that follows (and a slow-starting 2026 server
        // taken for a 2025 one still works, over its 2025 handshake).
        versionNegotiation: { mode: "auto", probe: { timeoutMs: probeTimeoutMs } },
      },
    );
    next.onclose = () => {
      if (client !== next || closed) return;
      lostConnection(next);
    };
    next.setRequestHandler("elicitation/create", (request, ctx) =>
      routes.forward<ElicitResult>({ method: "elicitation/create", params: request.params }, ctx.mcpReq.signal),
    );
    next.setRequestHandler("sampling/createMessage", (request, ctx) =>
      routes.forward<CreateMessageResult>({ method: "sampling/createMessage", params: request.params }, ctx.mcpReq.signal),
    );
    next.setNotificationHandler("notifications/message", (notification) => {
      const caller = routes.callerOf();
      if (typeof caller !== "string") caller.log?.(notification.params);
    });
    next.setNotificationHandler("notifications/tools/list_changed", async () => {
      if (client !== next) return;
      const fresh = await listAllTools(next);
      if (client !== next) return;
      publish(fresh);
      options.onChange?.("tools_changed");
    });
    return next;
  }

  function openTransport(onStderr: (line: string) => void) {
    return createUpstreamTransport(config, {
      baseDir: options.baseDir,
      // Framing and the JSON-RPC envelope come on top of the answer itself.
      maxMessageBytes: maxResponseBytes + 64 * 1024,
      onStderr: (line) => {
        onStderr(line);
        options.log(`[${id}] ${line}`);
      },
      onUnmatchedOversize: () => {
        const aborted = oversize;
        oversize = new AbortController();
        aborted.abort();
      },
      server: id,
    });
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
    if (closed || status === "idle") return;
    if (connecting) {
      await connecting;
      return;
    }
    const current = client;
    if (!current) {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      await begin();
      return;
    }
    try {
      const fresh = await listAllTools(current);
      if (client === current) publish(fresh);
    } catch (error) {
      if (isConnectionError(error) && client === current) lostConnection(current);
    }
  }

  function publish(fresh: Tool[]) {
    tools = new Map(fresh.map((tool) => [tool.name, tool]));
    listed = true;
    options.onTools(fresh);
  }

  function scheduleRetry(delay: number) {
    if (closed || retryTimer) return;
    status = "down";
    // A reconnect started from inside a call must not run, nor leave its transport's listeners, in that call's context.
    retryTimer = routes.outside(() =>
      setTimeout(() => {
        retryTimer = undefined;
        void begin();
      }, delay),
    );
    retryTimer.unref();
  }

  /** The live connection, once there is one; see {@link Upstream.ready}. */
  async function connection(what: string, signal: AbortSignal | undefined): Promise<Client> {
    if (status === "idle") void begin();
    if (connecting) {
      const waited = await waitFor(connecting, { timeoutMs, signal });
      if (waited === "aborted") throw new CodeModeError("CANCELLED", `${capitalize(what)} was cancelled while upstream ${id} was starting.`);
      if (waited === "timeout") {
        throw new CodeModeError(
          "UNAVAILABLE",
          `Upstream ${id} is still starting after ${timeoutMs} ms, so ${what} gave up waiting for it; a server that starts slowly needs a larger mcpServers.${id}.timeoutMs.`,
        );
      }
    }
    if (client) return client;
    if (closed) throw new CodeModeError("UNAVAILABLE", `Upstream ${id} is closed.`);
    throw new CodeModeError("UNAVAILABLE", `Upstream ${id} is down (${(lastError ?? "its connection was lost").replace(/\.$/, "")}); retrying.`);
  }

  async function callTool(name: string, args: unknown, { signal, caller, onProgress }: UpstreamCallOptions): Promise<CallToolResult> {
    const current = await connection(`the call to ${id}.${name}`, signal);
    // The catalog this run started with (cached from an earlier run, or listed before a change) named it.
    if (!tools.has(name)) throw new CodeModeError("NOT_FOUND", `Upstream ${id} no longer offers the tool "${name}"; its tool list has been read again since this run started.`);
    const tool = tools.get(name);
    return exchange(current, `${id}.${name}`, name, signal, (callSignal) =>
      routes.run(caller, callSignal, async () =>
        (await current.callTool(
          { name, arguments: (args ?? {}) as Record<string, unknown> },
          {
            timeout: timeoutMs,
            signal: callSignal,
            // The listed definition: the SDK checks structuredContent against its outputSchema.
            ...(tool ? { toolDefinition: tool } : {}),
            ...(onProgress ? { onprogress: onProgress } : {}),
          },
        )) as CallToolResult,
      ),
    );
  }

  /**
   * One request and its answer on the live connection, with the same timeout, size cap and error rules for tool calls
   * and resource requests. A connection that is gone is dropped and reconnected; a bad answer fails this call alone.
   */
  async function exchange<T>(current: Client, label: string, what: string, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const connectionSignal = oversize.signal;
    const call = linkAbort([signal, connectionSignal]);
    try {
      const result = await run(call.signal);
      const json = JSON.stringify(result);
      const size = Buffer.byteLength(json);
      if (size > maxResponseBytes) throw tooLarge(label, size);
      // The same bound on every Node line: Node 22's JSON reader gives up on a deep answer (a RangeError), newer V8
      // reads it, and the sandbox would refuse it anyway.
      if (nestsDeeperThan(json, MAX_JSON_DEPTH)) throw new RangeError(`nested deeper than ${MAX_JSON_DEPTH} levels`);
      return result;
    } catch (error) {
      if (signal?.aborted) throw new CodeModeError("CANCELLED", `The call to ${label} was cancelled.`);
      if (connectionSignal.aborted || (error instanceof ProtocolError && error.code === RESPONSE_TOO_LARGE)) {
        options.log(`upstream ${id} answered ${label} with more than ${maxResponseBytes} bytes; that call failed, the connection goes on`, { upstream: id, event: "bad_answer" });
        throw tooLarge(label);
      }
      if (isConnectionError(error) && client === current) dropConnection(current);
      const failure = toUpstreamError(error, id, what, timeoutMs, redact);
      if (isMalformedResult(error)) {
        options.log(`upstream ${id} answered ${label} with a malformed result (${redact(describeMalformed(error))}); that call failed, the connection goes on`, { upstream: id, event: "bad_answer" });
      }
      throw failure;
    } finally {
      call.unlink();
    }
  }

  function tooLarge(label: string, size?: number) {
    const measured = size === undefined ? "more than" : `${size} bytes, over`;
    return new CodeModeError(
      "LIMIT_EXCEEDED",
      `Upstream ${label} answered with ${measured} the ${maxResponseBytes}-byte limit; limits.maxResponseBytes (or mcpServers.${id}.maxResponseBytes) raises it.`,
    );
  }

  async function listResources({ signal }: { signal?: AbortSignal }): Promise<Resource[]> {
    const current = await connection(`the listing of ${id}'s resources`, signal);
    if (!current.getServerCapabilities()?.resources) return [];
    return exchange(current, `${id} resources/list`, "resources/list", signal, (callSignal) => listAllResources(current, { timeout: timeoutMs, signal: callSignal }));
  }

  async function readResource(uri: string, { signal }: { signal?: AbortSignal }): Promise<ReadResourceResult> {
    const current = await connection(`the reading of ${uri}`, signal);
    return exchange(current, `${id} resources/read`, "resources/read", signal, (callSignal) =>
      current.request({ method: "resources/read", params: { uri } }, { timeout: timeoutMs, signal: callSignal }),
    );
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
    get listed() {
      return listed;
    },
    get lastFailure() {
      return lastFailure;
    },
    get reconnects() {
      return reconnects;
    },
    start() {
      if (closed) return Promise.resolve(false);
      if (status === "idle") return begin();
      return connecting ?? Promise.resolve(status === "connected");
    },
    async ready(what, signal) {
      await connection(what, signal);
    },
    refresh,
    callTool,
    listResources,
    readResource,
    async close() {
      closed = true;
      status = "closed";
      clearTimeout(retryTimer);
      await client?.close().catch(() => undefined);
      client = undefined;
    },
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether a connection failed because the server exited on the version probe, which the SDK made on its process. */
function exitedOnProbe(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && /closed during the server\/discover probe/.test(error.message);
}

function describeMalformed(error: unknown): string {
  if (error instanceof RangeError) return "nested too deeply to read";
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200);
}
