import { createHmac, randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  createCodeMode,
  createMemoryContinuationStore,
  defineTool,
  type CodeMode,
  type CreateCodeModeOptions,
  type ExecutionLimits,
  type WorkspaceOptions,
} from "@codemode/core";
import { approveThroughClient } from "../approval/index.js";
import { createOAuthVerifier, LOCAL_OWNER, type Principal } from "../auth/index.js";
import { consoleCookieKey, createConsole, createMemoryConsolePausedRuns, type ConsoleHandler } from "../console/index.js";
import { createCluster, replicaIdOf, type Cluster } from "../cluster/index.js";
import { parseClusterConfig, secretsOf, type ClusterConfig, type GatewayConfig } from "../config/index.js";
import { createQuotas } from "../quotas/index.js";
import { createUpstreamResources } from "../resources/index.js";
import {
  createLogger,
  createOperations,
  createRedactor,
  setRequestPrincipal,
  stderrLogWriter,
  type LogEntry,
  type LogLevel,
} from "../operate/index.js";
import { waitFor, type UpstreamLogFields } from "../upstream/index.js";
import { createGatewayServer } from "./create-gateway-server.js";
import { createGatewayUpstreams, type GatewayUpstreamState } from "./create-gateway-upstreams.js";
import { startNamedUpstreams } from "./start-named-upstreams.js";
import { assertSafeExposure } from "./check-host-and-origin.js";
import type { CreateHttpHandlerOptions, HttpHandler } from "./create-http-handler.js";
import { createPausedRuns } from "./paused-runs.js";
import { searchTools } from "./search-tools.js";
import type { HttpListener, ListenOptions } from "./listen-http.js";
import type { NodeHttpHandler } from "./to-node-http-handler.js";

/** Options of {@link createGateway}. */
export interface CreateGatewayOptions {
  /** Where relative `cwd`s of stdio upstreams are resolved. Default: the process's working directory. */
  baseDir?: string;
  /**
   * Receives the gateway's operational messages (upstreams down, reconnects), each with its structured entry (time,
   * level, request id). Default: stderr, as JSON lines unless stderr is a terminal.
   */
  log?: (message: string, entry: LogEntry) => void;
  /** The least level logged. Default "info". */
  logLevel?: LogLevel;
  /**
   * A folder scripts may read and write through `files` (see the core's `workspace` option). Default: the config's
   * `workspace`, its `dir` resolved from `baseDir`; else none.
   */
  workspace?: WorkspaceOptions;
  /**
   * Several gateway processes sharing one Redis (see the config's `cluster` key, which this replaces). The URL is
   * checked here as the config's is: a bad one throws `INVALID_CONFIG` naming `cluster.redisUrl`.
   */
  cluster?: ClusterConfig;
  /**
   * A folder where each upstream's tool list is kept between runs (the `codemode` CLI uses its cache folder): the
   * gateway then knows an upstream's tools before the server has started, and starts it only when a call needs it
   * or `start` is called. Lists are refreshed on every connection and `list_changed`. Default: none kept.
   */
  catalogCache?: string;
}

/** A code-mode MCP gateway: upstream MCP servers behind one `execute` and one `search` tool. */
export interface Gateway {
  readonly codeMode: CodeMode;
  /** Each upstream's id, state, the MCP revision spoken with it while connected and, while it is down, why. */
  upstreams(): GatewayUpstreamState[];
  /**
   * Connects every upstream, or those `upstreams` names, and resolves after one attempt each (those down keep being
   * retried in the background). Without it an upstream starts when a call first needs it. With
   * `afterFirstListingMs`, it first waits up to that long for a client's first tool listing, so that the servers'
   * start-up does not compete with that answer for the CPU (`codemode serve` waits a second).
   */
  start(options?: { upstreams?: readonly string[]; afterFirstListingMs?: number }): Promise<void>;
  /**
   * A new MCP server for one client, restricted to the tools `allow` matches; `owner` is the client's identity for
   * sessions (default: the local user).
   */
  createServer(options?: { allow?: readonly string[]; owner?: string }): Server;
  /** Serves one 2025-era client over a transport, with access to every tool. */
  connect(transport: Transport): Promise<void>;
  /**
   * Serves one client on this process's stdin and stdout, with access to every tool: a 2025-era client (initialize)
   * or a 2026-07-28 one (no initialize; each request carries its version).
   */
  serveStdio(): Promise<{ close(): Promise<void> }>;
  /**
   * Serves Streamable HTTP on `/mcp`, with the config's `auth`, `http` and `quotas`, and `/healthz`, `/readyz` and
   * `/metrics` beside it; refuses (`INVALID_CONFIG`) a non-loopback `host` without `auth` or without `http.publicUrl`.
   */
  listen(options?: ListenOptions): Promise<HttpListener>;
  /**
   * The same HTTP entry as a Fetch handler (`Request` in, `Response` out) to mount in Hono, a Next.js route or any
   * Fetch runtime, with the same Host/Origin, auth and quota checks. Route `/mcp` and
   * `/.well-known/oauth-protected-resource*` to it, and `/console` and `/console/*` when the web console is on.
   *
   * @example
   * const handle = gateway.fetchHandler();
   * app.all("/mcp", (c) => handle(c.req.raw)); // Hono
   */
  fetchHandler(): (request: Request) => Promise<Response>;
  /** The same HTTP entry as a Node `(req, res)` handler, for `node:http` and Express (`app.all("/mcp", handler)`). */
  nodeHandler(): NodeHttpHandler;
  /**
   * Stops: HTTP listeners accept no new connections and no new execution starts; running ones get `graceMs`
   * (default 0) to finish and are then cancelled; then everything closes.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

const MiB = 1024 * 1024;
const VERSION = "0.0.0";

/**
 * Creates a gateway from a checked config (see {@link parseGatewayConfig}).
 *
 * @example
 * const gateway = createGateway(await loadGatewayConfig("gateway.config.json"));
 * await gateway.start();
 * await gateway.listen({ port: 8787 });
 */
export function createGateway(config: GatewayConfig, options: CreateGatewayOptions = {}): Gateway {
  const clusterConfig = options.cluster ? parseClusterConfig(options.cluster) : config.cluster;
  const replicaId = clusterConfig ? replicaIdOf(clusterConfig) : undefined;
  // Every message the gateway prints, logs, records or gives a script passes through this one function.
  const redact = createRedactor(secretsOf({ ...config, ...(clusterConfig ? { cluster: clusterConfig } : {}) }));
  const logger = createLogger({
    write: options.log ?? stderrLogWriter(),
    redact,
    ...(options.logLevel ? { level: options.logLevel } : {}),
    ...(replicaId ? { fields: { replica: replicaId } } : {}),
  });
  const log = (message: string, fields?: UpstreamLogFields) => (TROUBLE.test(message) ? logger.warn(message, { ...fields }) : logger.info(message, { ...fields }));
  // Several gateways sharing one Redis: nothing of it is loaded or connected without `cluster`.
  const cluster: Cluster | undefined = clusterConfig ? createCluster(clusterConfig, { log: logger }) : undefined;
  const operations = createOperations({
    ...(config.metrics ? { metrics: config.metrics } : {}),
    ...(config.audit ? { audit: config.audit } : {}),
    baseDir: options.baseDir ?? process.cwd(),
    logger,
    redact,
    upstreams: () => upstreams.list,
    queued: () => codeMode.stats().queued,
    sessions: () => servers.size,
    ...(cluster ? { cluster: { replicaId: cluster.replicaId, redisUp: () => cluster.redisUp } } : {}),
    keepRecentRuns: config.console !== undefined && config.console !== false,
  });
  const { maxResponseBytes = 8 * MiB, callTimeoutMs, ...limits } = config.limits ?? {};
  const shared = {
    tools: [],
    limits: limits as Partial<ExecutionLimits>,
    search: config.tools?.search !== false,
    ...(config.poolSize ? { poolSize: config.poolSize } : {}),
    ...(config.script ?? {}),
    ...workspaceOf(config, options),
    // Filled in below: the upstreams are made after the code mode, whose tools they publish.
    resources: { list: (args, call) => resources.list(args, call), read: (args, call) => resources.read(args, call) },
    onToolCallEnd: operations.onToolCallEnd,
    findTool: (name, call) => upstreams.findTool(name, call),
    ...(operations.trace ? { trace: operations.trace } : {}),
  } satisfies CreateCodeModeOptions;
  // In a cluster code sessions live in Redis, so that any replica runs any session's next execution.
  const sessions = config.sessions ? { sessions: cluster ? { ...config.sessions, store: cluster.stores.sessions } : config.sessions } : {};
  // One code mode for every run. A 2026-07-28 caller answers an approval by retrying its request, so its runs pause
  // there (`approvals: "pause"` per execution) instead of waiting: the continuation goes into the requestState, and
  // any replica resumes it. The key that signs continuations is known once the cluster (if any) has shared the
  // requestState key, so it is read when a run first pauses.
  const continuationKey = () => createHmac("sha256", requestStateKey()).update("codemode continuation").digest();
  const codeMode = createCodeMode({
    ...shared,
    ...sessions,
    approve: approveThroughClient,
    approvals: { secret: continuationKey, store: cluster?.stores.continuations ?? createMemoryContinuationStore() },
  });
  const servers = new Set<Server>();
  const toolWatchers = new Set<() => void>();
  // Alone, a key of its own signs 2026-07-28 request states; in a cluster every replica signs with the same key (set
  // once the cluster has started), so that a retry landing on another replica is verified there: a run paused at an
  // approval resumes there, and one waiting here for an upstream's question is told plainly where it is.
  const pausedRuns = createPausedRuns();
  const ownRequestStateKey = randomBytes(32);
  const requestStateKey = () => cluster?.requestStateKey ?? ownRequestStateKey;
  let clusterStarted: Promise<void> | undefined;
  const startCluster = () => (clusterStarted ??= cluster ? cluster.start() : Promise.resolve());
  const listeners = new Set<HttpListener>();
  const handlers = new Set<HttpHandler>();
  const oauth = config.auth?.oauth ? createOAuthVerifier(config.auth.oauth, log) : undefined;
  let webConsole: ConsoleHandler | undefined;
  /** The web console, made on the first HTTP entry of a gateway whose config turns it on. */
  const consoleOf = (): ConsoleHandler | undefined => {
    if (config.console === undefined || config.console === false || webConsole) return webConsole;
    return (webConsole = createConsole({
      config: config.console === true ? {} : config.console,
      authentication: { bearer: config.auth?.bearer, oauth },
      gateway: {
        codeMode,
        track: operations.track,
        quotas,
        recentRuns: operations.recentRuns!,
        pausedRuns: cluster?.stores.consolePausedRuns ?? createMemoryConsolePausedRuns(),
        sessions: config.sessions !== undefined,
        upstreams: () =>
          upstreams.list.map(({ id, status, protocolVersion, error, lastFailure, reconnects }) => {
            const tools = upstreams.toolsOf(id).map((tool) => tool.name);
            return { id, status, protocolVersion, error, lastFailure, reconnects, tools };
          }),
        search: ({ query, limit }, scope) => searchTools(codeMode, { query, limit, detail: "brief", serverFilter: undefined }, scope),
      },
      cookieKey: () => consoleCookieKey(requestStateKey()),
      onAuthenticated: (principal) => setRequestPrincipal(principal.name),
    }));
  };
  // One count for every HTTP entry of this gateway: they share its sandbox pool.
  const quotas = createQuotas(config.quotas, {
    poolSize: config.poolSize ?? availableParallelism(),
    ...(cluster ? { sharedRate: { count: cluster.countExecutions, onUnavailable: warnRateUnshared } } : {}),
  });

  // Resolved once a client has been given the tool list.
  let firstListing: () => void = () => undefined;
  const listed = new Promise<void>((resolve) => (firstListing = resolve));
  const upstreams = createGatewayUpstreams(config.mcpServers, {
    baseDir: options.baseDir ?? process.cwd(),
    timeoutMs: callTimeoutMs ?? limits.timeoutMs ?? 30_000,
    maxResponseBytes,
    approvals: config.approvals,
    catalogCache: options.catalogCache,
    log,
    redact,
    warn: (message) => logger.warn(message),
    ...(cluster ? { onChange: (upstream: string, kind: "tools_changed" | "down" | "up") => cluster.publish({ upstream, kind }) } : {}),
    onTools: publishTools,
  });
  // Tools the catalog cache knew, before any server started.
  if (upstreams.tools().length > 0) publishTools();

  const resources = createUpstreamResources(upstreams.list);

  // Another replica saw an upstream change: this one asks its own connection to the same server. After Redis was
  // away, every upstream, since the news sent meanwhile was lost.
  cluster?.subscribe((event) => {
    const stale = event === "resync" ? upstreams.list : upstreams.list.filter((upstream) => upstream.id === event.upstream);
    for (const upstream of stale) void upstream.refresh();
  });

  let rateUnsharedSince = 0;
  function warnRateUnshared(error: Error) {
    // Once a minute at most: every execution of an outage would repeat it.
    if (Date.now() - rateUnsharedSince < 60_000) return;
    rateUnsharedSince = Date.now();
    logger.warn(`quotas.maxExecutionsPerMinute is counted by this replica alone while Redis is away (${error.message})`);
  }

  // What serves clients, loaded when the gateway first serves one (see serving.ts).
  let serving: typeof import("./serving.js") | undefined;
  const loadServing = async () => (serving ??= await import("./serving.js"));
  /** What must be up before a client is served: the metrics and audit log, the cluster's Redis and key, the servers. */
  const prepare = async () => {
    await Promise.all([operations.listen(), startCluster(), loadServing()]);
    return serving!;
  };

  function publishTools() {
    // One tool the core refuses (a schema it cannot read, say) must not take every other tool down with it.
    const usable = upstreams.tools().filter((tool) => {
      try {
        defineTool(tool);
        return true;
      } catch (error) {
        logger.warn(`skipping upstream tool ${tool.name}: ${(error as Error).message}`);
        return false;
      }
    });
    try {
      codeMode.setTools(usable);
    } catch (error) {
      logger.error(`could not load the upstream tools: ${(error as Error).message}`);
      return;
    }
    // The execute tool's description lists the tools, so clients must list again.
    for (const server of servers) server.sendToolListChanged().catch(() => undefined);
    for (const onChange of toolWatchers) onChange();
  }

  function serverOptions({ allow, owner = LOCAL_OWNER }: { allow?: readonly string[]; owner?: string }) {
    return {
      codeMode,
      executeName: config.tools?.execute ?? "execute",
      searchName: config.tools?.search ?? "search",
      version: VERSION,
      track: operations.track,
      ...(allow ? { allow } : {}),
      ...(config.sessions ? { sessionOwner: owner } : {}),
      owner,
      awaitCatalog: upstreams.awaitCatalog,
      onList: () => firstListing(),
      beforeRun: (code: string, signal: AbortSignal) =>
        startNamedUpstreams(code, {
          upstreams: upstreams.states,
          check: config.script?.check === "off" ? undefined : (script) => codeMode.check(script, allow ? { allow } : {}),
          ready: (id) => upstreams.ready(id, signal),
        }),
      catalogPending: () => upstreams.states().some((upstream) => upstream.catalog === "none"),
    };
  }

  function createStatelessServer(scope: { allow?: readonly string[]; owner?: string }) {
    // Made only for a client being served, so after prepare() has loaded the servers.
    return serving!.createStatelessGatewayServer(serverOptions(scope), { runs: pausedRuns, key: requestStateKey(), caller: scope.owner ?? LOCAL_OWNER, replica: replicaId });
  }

  function watchTools(onChange: () => void) {
    toolWatchers.add(onChange);
    return () => toolWatchers.delete(onChange);
  }

  function createServer(scope: { allow?: readonly string[]; owner?: string } = {}): Server {
    const server = createGatewayServer(serverOptions(scope));
    servers.add(server);
    server.onclose = () => servers.delete(server);
    return server;
  }

  /** Scope of an HTTP caller's servers: its allowlist, and its identity as the owner of code-mode sessions. */
  const scopeOf = (principal: Principal) => (principal.allow ? { allow: principal.allow, owner: principal.owner } : { owner: principal.owner });

  /** What every HTTP entry of this gateway is made of; `host` is the address a listener binds. */
  function httpOptions(host?: string): CreateHttpHandlerOptions {
    const publicUrls = config.http?.publicUrl === undefined ? undefined : [config.http.publicUrl].flat();
    assertSafeExposure({ host, publicUrls, authenticated: config.auth !== undefined, allowUnauthenticated: config.http?.allowUnauthenticated });
    return {
      publicUrls,
      allowedOrigins: config.http?.allowedOrigins,
      authentication: { bearer: config.auth?.bearer, oauth },
      quotas,
      executeName: config.tools?.execute ?? "execute",
      createServer: (principal) => createServer(scopeOf(principal)),
      createStatelessServer: (principal) => createStatelessServer(scopeOf(principal)),
      watchTools,
      around: operations.serveFetch,
      console: consoleOf(),
      onAuthenticated: (principal) => setRequestPrincipal(principal.name),
      onQuotaRefusal: operations.countQuotaRefusal,
      log,
    };
  }

  /**
   * A mounted HTTP entry: an unsafe exposure throws here, and its first request waits for the operations (metrics,
   * audit) to have started and the servers to be loaded.
   */
  function httpHandler(): HttpHandler {
    const entry = httpOptions();
    const handler = prepare().then(({ createHttpHandler }) => createHttpHandler(entry));
    handler.catch(() => undefined);
    const mounted: HttpHandler = {
      fetch: async (request, fetchOptions) => (await handler).fetch(request, fetchOptions),
      close: async () => (await handler.catch(() => undefined))?.close(),
    };
    handlers.add(mounted);
    return mounted;
  }

  return {
    codeMode,
    upstreams: () => upstreams.states(),
    async start(startOptions = {}) {
      // Redis first: a cluster that cannot start (INVALID_CONFIG) leaves no upstream process behind.
      await startCluster();
      if (startOptions.afterFirstListingMs !== undefined) await waitFor(listed, { timeoutMs: startOptions.afterFirstListingMs });
      await upstreams.start(startOptions.upstreams);
    },
    createServer,
    async connect(transport) {
      await prepare();
      await createServer().connect(transport);
    },
    async serveStdio() {
      const { serveGatewayStdio } = await prepare();
      return serveGatewayStdio({ createServer, createStatelessServer: () => createStatelessServer({}), watchTools, log });
    },
    async listen(listenOptions = {}) {
      const { listenHttp } = await prepare();
      const listener = await listenHttp({ ...httpOptions(listenOptions.host ?? "127.0.0.1"), ...listenOptions });
      listeners.add(listener);
      if (!config.auth) {
        logger.warn(
          `${listener.url} takes no token: any program on this machine can run scripts with every upstream's tools. ` +
            'Configure "auth" (bearer tokens or oauth) to require one.',
        );
      }
      return listener;
    },
    fetchHandler() {
      const handler = httpHandler();
      return (request) => handler.fetch(request);
    },
    nodeHandler() {
      const handler = httpHandler();
      const node = loadServing().then(({ toNodeHttpHandler }) => toNodeHttpHandler(handler, log));
      node.catch(() => undefined);
      return async (request, response, next) => (await node)(request, response, next);
    },
    async close({ graceMs = 0 } = {}) {
      for (const listener of listeners) listener.stopAccepting();
      const { finished, cancelled } = await operations.drain(graceMs);
      if (finished + cancelled > 0) logger.info(`stopped: ${finished} executions finished, ${cancelled} cancelled`, { finished, cancelled });
      await Promise.all([...listeners].map((listener) => listener.close()));
      await Promise.all([...handlers].map((handler) => handler.close()));
      await Promise.all([...servers].map((server) => server.close().catch(() => undefined)));
      await upstreams.close();
      await codeMode.close();
      await operations.close();
      await cluster?.close();
    },
  };
}

// upstream/ and listen-http log plain messages; these words mark the ones about trouble.
const TROUBLE = /\b(down|disconnected|failed|could not|warning)\b/;

function workspaceOf(config: GatewayConfig, options: CreateGatewayOptions): { workspace?: WorkspaceOptions } {
  if (options.workspace) return { workspace: options.workspace };
  if (!config.workspace) return {};
  return { workspace: { ...config.workspace, dir: path.resolve(options.baseDir ?? process.cwd(), config.workspace.dir) } };
}
