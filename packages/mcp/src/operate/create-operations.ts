import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CodeModeError, type ExecuteOptions, type ExecutionEventListener, type ExecutionResult, type ToolCallEndEvent, type TraceOptions } from "@codemode/core";
import { answerNodeRequest, type Route } from "./answer-node-request.js";
import { createAuditLog, toAuditRecord, type AuditConfig, type AuditLog } from "./create-audit-log.js";
import { createRecentRuns, type RecentRuns } from "./create-recent-runs.js";
import { loadGatewayMetrics, NO_METRICS, type GatewayMetrics, type MetricsSources } from "./create-gateway-metrics.js";
import type { GatewayLogger } from "./create-logger.js";
import { currentRequest, runInRequestContext, type RequestContext } from "./request-context.js";

/** The `metrics` config: `/metrics` needs `token` as a bearer token, or is served on a `port` of its own. */
export interface MetricsConfig {
  token?: string;
  port?: number;
  /** Where the metrics port listens. Default 127.0.0.1. */
  host?: string;
}

/** Options of {@link createOperations}. */
export interface CreateOperationsOptions extends Omit<MetricsSources, "running"> {
  metrics?: MetricsConfig;
  audit?: AuditConfig;
  /** Where a relative `audit.file` is resolved. */
  baseDir: string;
  /** Takes credentials out of each audit record. */
  redact?: (text: string) => string;
  logger: GatewayLogger;
  /**
   * Present in a cluster: this replica's id, sent in the `X-Codemode-Replica` header of every HTTP response, and
   * whether its Redis answers, for `/readyz` and `/metrics`.
   */
  cluster?: { replicaId: string; redisUp: () => boolean };
  /** Keep the last executions with their timelines, for the console (`recentRuns`); off by default. */
  keepRecentRuns?: boolean;
}

/** What an execution is run with once tracked: the shutdown-aware signal and the request's span attributes. */
export type TrackedRunOptions = Required<Pick<ExecuteOptions, "signal">> & Pick<ExecuteOptions, "traceAttributes" | "onEvent">;

/**
 * Runs one execution through the gateway's operations: metrics, audit, refusal while shutting down. The run gets
 * `onEvent` joined with the listener that keeps its timeline for the console, when there is one.
 */
export type TrackExecution = (
  execution: { code: string; signal: AbortSignal; onEvent?: ExecutionEventListener | undefined },
  run: (options: TrackedRunOptions) => Promise<ExecutionResult>,
) => Promise<ExecutionResult>;

/** How the gateway is watched and stopped: health and metrics routes, execution hooks, the audit log and draining. */
export interface Operations {
  /**
   * Counts one request refused by a quota. `quota` names which (its config key, such as `maxConcurrentExecutions`);
   * keep it to a few fixed names, since each is a time series.
   */
  countQuotaRefusal(quota: string): void;
  /** The Prometheus text of every metric (empty without a `metrics` config). */
  renderMetrics(): Promise<{ contentType: string; body: string }>;
  /** What the core must record in each tool call for the audit log; undefined when it needs nothing. */
  readonly trace: TraceOptions | undefined;
  /** Answers `GET /healthz`, `/readyz` and `/metrics`; undefined for every other request. */
  route: Route;
  /**
   * Serves one Fetch request: gives it a request context (its id in the `X-Request-Id` response header, in logs,
   * spans and audit records), answers it with {@link route} or else `next`, and logs it at debug level.
   */
  serveFetch(request: Request, next: (request: Request) => Promise<Response>): Promise<Response>;
  /** {@link serveFetch} for a Node request: `next` writes the response itself. */
  serveNode(request: IncomingMessage, response: ServerResponse, next: () => Promise<void>): Promise<void>;
  track: TrackExecution;
  /** The core's `onToolCallEnd` hook: counts upstream tool calls. */
  onToolCallEnd(event: ToolCallEndEvent): void;
  /** The last executions with their timelines, when kept (`keepRecentRuns`). */
  readonly recentRuns: RecentRuns | undefined;
  /**
   * Loads the metrics and starts the metrics port, as the config asks (once; later calls wait for the first).
   * Executions are counted from then on: `/metrics` is served only by listeners started after it.
   */
  listen(): Promise<{ url: string } | undefined>;
  /**
   * Refuses new executions and reports not ready, waits up to `graceMs` for the running ones, then cancels those
   * left and waits for them to end. Resolves with how many finished and how many were cancelled.
   */
  drain(graceMs: number): Promise<{ finished: number; cancelled: number }>;
  close(): Promise<void>;
}

const JSON_HEADERS = { "content-type": "application/json", "cache-control": "no-store" };
/** Cancelled executions end within the core's hard-stop grace; this bounds the wait for them regardless. */
const CANCEL_WAIT_MS = 5_000;

/** Makes the operations of one gateway. */
export function createOperations(options: CreateOperationsOptions): Operations {
  const running = new Set<Promise<unknown>>();
  // Responses still being sent, by their request: a shutdown waits for those that carry an execution's result.
  const sending = new Map<RequestContext, Promise<void>>();
  let metrics: GatewayMetrics = NO_METRICS;
  const audit: AuditLog | undefined = options.audit
    ? createAuditLog(options.audit, options.baseDir, (message) => options.logger.error(message), options.redact)
    : undefined;
  const trace = options.audit?.includeArguments || options.audit?.includeResults
    ? { arguments: options.audit.includeArguments === true, results: options.audit.includeResults === true }
    : undefined;
  const recentRuns = options.keepRecentRuns ? createRecentRuns() : undefined;
  const shutdown = new AbortController();
  let draining = false;
  let started: Promise<{ url: string; server: HttpServer } | undefined> | undefined;

  const route = (onMetricsPort: boolean): Route => async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== "/healthz" && pathname !== "/readyz" && pathname !== "/metrics") return undefined;
    // On the main port `/metrics` exists only with a token; on the metrics port it always does.
    if (pathname === "/metrics" && !onMetricsPort && options.metrics?.token === undefined) return undefined;
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response(JSON.stringify({ error: `Method ${request.method} is not allowed on ${pathname}; use GET.` }), {
        status: 405,
        headers: { ...JSON_HEADERS, allow: "GET, HEAD" },
      });
    }
    if (pathname === "/healthz") return json(200, { status: "ok" });
    if (pathname === "/readyz") return readiness();
    if (!metricsAuthorized(request)) {
      return new Response(JSON.stringify({ error: "Unauthorized: send the metrics token as a bearer token." }), {
        status: 401,
        headers: { ...JSON_HEADERS, "www-authenticate": 'Bearer realm="codemode-metrics"' },
      });
    }
    const { contentType, body } = await metrics.render();
    return new Response(body, { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" } });
  };

  /**
   * Ready once one upstream is connected; the ids of those down are named, their tools and errors are not. In a
   * cluster it says whether Redis answers, without making the replica unready: executions without a session still
   * run, and a shared Redis going away would otherwise take every replica out of the load balancer at once.
   */
  function readiness(): Response {
    const upstreams = options.upstreams();
    const up = upstreams.filter((upstream) => upstream.status === "connected").map((upstream) => upstream.id);
    const down = upstreams.filter((upstream) => upstream.status !== "connected").map(({ id, status }) => ({ id, status }));
    const ready = !draining && up.length > 0;
    const status = draining ? "draining" : ready ? "ready" : "not ready";
    const cluster = options.cluster ? { cluster: { replica: options.cluster.replicaId, redis: options.cluster.redisUp() ? "up" : "down" } } : {};
    return json(ready ? 200 : 503, { status, upstreams: { up, down }, ...cluster });
  }

  function metricsAuthorized(request: Request): boolean {
    const token = options.metrics?.token;
    if (token === undefined) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
  }

  const track: TrackExecution = async ({ code, signal, onEvent }, run) => {
    const request = currentRequest();
    if (request) request.executed = true;
    // Over HTTP without auth every caller is the same anonymous one; stdio and `connect` serve the local user.
    const principal = request ? (request.principal ?? "anonymous") : "local";
    const kept = draining ? undefined : recentRuns?.begin(principal);
    const listener = joinListeners(kept?.onEvent, onEvent);
    const result = draining
      ? shuttingDown()
      : await runTracked(signal, (linked) =>
          run({
            signal: linked,
            ...(request ? { traceAttributes: { "codemode.request_id": request.requestId } } : {}),
            ...(listener ? { onEvent: listener } : {}),
          }),
        );
    metrics.executionFinished(result);
    const execution = { code, result, principal, requestId: request?.requestId, mcpSessionId: request?.mcpSessionId };
    const record = audit ? audit.record(execution) : kept ? toAuditRecord(execution) : undefined;
    if (kept && record) kept.end(record);
    return trace ? withoutTrace(result) : result;
  };

  /**
   * Runs an execution with a signal that fires on the caller's abort or at the end of the grace period. The link is
   * made and undone by hand: `AbortSignal.any` over a signal as long-lived as the shutdown one grows that signal's
   * set of dependants with every call (nodejs/node#55351), and does not exist before Node 20.3.
   */
  async function runTracked(signal: AbortSignal, execute: (signal: AbortSignal) => Promise<ExecutionResult>): Promise<ExecutionResult> {
    const linked = new AbortController();
    const abort = () => linked.abort();
    for (const source of [signal, shutdown.signal]) {
      if (source.aborted) linked.abort();
      else source.addEventListener("abort", abort, { once: true });
    }
    const execution = execute(linked.signal);
    running.add(execution);
    try {
      return await execution;
    } finally {
      running.delete(execution);
      for (const source of [signal, shutdown.signal]) source.removeEventListener("abort", abort);
    }
  }

  async function start() {
    if (options.metrics) {
      const redisUp = options.cluster?.redisUp;
      metrics = await loadGatewayMetrics({ ...options, running: () => running.size, ...(redisUp ? { redisUp } : {}) });
    }
    const port = options.metrics?.port;
    if (port === undefined) return undefined;
    const answer = route(true);
    const server = createServer((request, response) => {
      answerNodeRequest(answer, request, response)
        .then((answered) => answered || response.writeHead(404, JSON_HEADERS).end(JSON.stringify({ error: "Not found: this port serves /metrics, /healthz and /readyz." })))
        .catch((error: Error) => {
          options.logger.error(`metrics request failed: ${error.message}`);
          if (!response.headersSent) response.writeHead(500).end();
        });
    });
    const host = options.metrics?.host ?? "127.0.0.1";
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error) => reject(new CodeModeError("INVALID_CONFIG", `metrics.port: cannot listen on ${host}:${port} (${error.message}).`)));
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}/metrics`;
    options.logger.info(`metrics listening on ${url}`, { url });
    return { url, server };
  }

  const mainRoute = route(false);
  const accessLog = (method: string, url: string, status: number, started: number) => {
    const fields = { method, path: new URL(url, "http://localhost").pathname, status, durationMs: Math.round(performance.now() - started) };
    options.logger.debug(`${fields.method} ${fields.path} ${status}`, fields);
  };

  return {
    countQuotaRefusal: (quota) => metrics.countQuotaRefusal(quota),
    renderMetrics: () => metrics.render(),
    trace,
    route: mainRoute,
    serveFetch(request, next) {
      const ids = { requestId: request.headers.get("x-request-id"), mcpSessionId: request.headers.get("mcp-session-id") };
      return runInRequestContext(ids, async (context) => {
        const started = performance.now();
        const answer = (await mainRoute(request)) ?? (await next(request));
        const response = new Response(answer.body && watchSending(context, answer.body), answer);
        response.headers.set("x-request-id", context.requestId);
        if (options.cluster) response.headers.set("x-codemode-replica", options.cluster.replicaId);
        accessLog(request.method, request.url, response.status, started);
        return response;
      });
    },
    serveNode(request, response, next) {
      const ids = { requestId: header(request, "x-request-id"), mcpSessionId: header(request, "mcp-session-id") };
      return runInRequestContext(ids, async (context) => {
        const started = performance.now();
        response.setHeader("x-request-id", context.requestId);
        if (options.cluster) response.setHeader("x-codemode-replica", options.cluster.replicaId);
        response.once("finish", () => accessLog(request.method ?? "GET", request.url ?? "/", response.statusCode, started));
        sending.set(context, new Promise((resolve) => response.once("close", () => resolve())));
        response.once("close", () => sending.delete(context));
        if (!(await answerNodeRequest(mainRoute, request, response))) await next();
      });
    },
    track,
    recentRuns,
    onToolCallEnd(event) {
      const namespace = event.tool.slice(0, event.tool.indexOf("."));
      // The name is the script's to choose: only configured upstreams become label values.
      const upstream = options.upstreams().some((known) => known.id === namespace) ? namespace : "unknown";
      metrics.toolCallFinished(upstream, event.ok ? "ok" : (event.errorCode ?? "tool_error"));
    },
    async listen() {
      started ??= start();
      const port = await started;
      return port ? { url: port.url } : undefined;
    },
    async drain(graceMs) {
      draining = true;
      const before = running.size;
      let cancelled = 0;
      if (!(await settled(graceMs))) {
        cancelled = running.size;
        shutdown.abort();
        await settled(CANCEL_WAIT_MS);
      }
      // Their results are on their way to the clients: closing the connections now would lose them.
      const results = [...sending].filter(([context]) => context.executed).map(([, sent]) => sent);
      await withTimeout(Promise.all(results), CANCEL_WAIT_MS);
      return { finished: before - cancelled, cancelled };
    },
    async close() {
      shutdown.abort();
      const port = await started?.catch(() => undefined);
      if (port) {
        port.server.closeAllConnections();
        await new Promise((resolve) => port.server.close(resolve));
      }
      await audit?.close();
    },
  };

  /** The body, unchanged, noting in `sending` until it has been read to its end or cancelled. */
  function watchSending(context: RequestContext, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    let sent!: () => void;
    sending.set(context, new Promise<void>((resolve) => (sent = resolve)));
    const done = () => {
      sending.delete(context);
      sent();
    };
    const reader = body.getReader();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          done();
          throw error;
        }
        if (chunk.done) {
          controller.close();
          done();
        } else controller.enqueue(chunk.value);
      },
      async cancel(reason) {
        done();
        await reader.cancel(reason);
      },
    });
  }

  /** Whether every running execution ended within `ms`. */
  async function settled(ms: number): Promise<boolean> {
    if (running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const all = Promise.allSettled([...running]).then(() => running.size === 0 || settled(ms));
    const ended = await Promise.race([all, timeout]);
    clearTimeout(timer);
    return ended;
  }
}

/** One listener for two, either of which may be absent; one that throws does not keep the event from the other. */
function joinListeners(first: ExecutionEventListener | undefined, second: ExecutionEventListener | undefined): ExecutionEventListener | undefined {
  if (!first || !second) return first ?? second;
  return (event) => {
    try {
      first(event);
    } finally {
      second(event);
    }
  };
}

async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function shuttingDown(): ExecutionResult {
  const message = "The gateway is shutting down and runs no new scripts; run it again once it is back, or on another instance.";
  return { status: "failed", result: null, error: { kind: "Cancelled", message, line: null, column: null }, diagnostics: [], logs: [], toolCalls: [], durationMs: 0 };
}

/** The result without the arguments and summaries recorded only for the audit log. */
function withoutTrace(result: ExecutionResult): ExecutionResult {
  return { ...result, toolCalls: result.toolCalls.map(({ arguments: _arguments, summary: _summary, ...call }) => call) };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
