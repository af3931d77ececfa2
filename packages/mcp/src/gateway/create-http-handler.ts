import type { CodeModeError } from "@codemode/core";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { McpServer, Server as StatelessServer } from "@modelcontextprotocol/server";
import {
  authenticateRequest,
  isProtectedResourceMetadataPath,
  protectedResourceMetadata,
  type Authentication,
  type Principal,
} from "../auth/index.js";
import { isConsolePath, type ConsoleHandler } from "../console/index.js";
import type { QuotaGrant, Quotas } from "../quotas/index.js";
import { quotaRefusal, runInCallerScope, type CallerScope } from "./caller-scope.js";
import { createHostAndOriginCheck, type HostAndOriginOptions } from "./check-host-and-origin.js";
import { jsonRpcError, whenBodyEnds } from "./http-responses.js";
import { serveSessionHttp } from "./serve-session-http.js";
import { isStatelessRequest, serveStatelessHttp } from "./serve-stateless-http.js";

/** A route answered before any check (health, readiness, metrics); undefined for paths it does not serve. */
export type HttpRoute = (request: Request) => Promise<Response | undefined>;

/** Options of {@link createHttpHandler}. */
export interface CreateHttpHandlerOptions extends HostAndOriginOptions {
  authentication: Authentication;
  quotas: Quotas;
  /** The execute tool's name: its calls are the executions quotas count. */
  executeName: string;
  /** The server of one 2025-era client session. */
  createServer: (principal: Principal) => Server;
  /** The server that answers one 2026-07-28 request. */
  createStatelessServer: (principal: Principal) => McpServer | StatelessServer;
  /** Calls back whenever the tool list changes; returns how to stop. */
  watchTools: (onChange: () => void) => () => void;
  idleSessionMs?: number | undefined;
  maxSessions?: number | undefined;
  route?: HttpRoute | undefined;
  /** The web console, answering `/console` paths after the Host and Origin checks; absent when it is off. */
  console?: ConsoleHandler | undefined;
  /** Wraps the answering of every request (to give it a context for logs, spans and audit records). */
  around?: ((request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>) | undefined;
  /** Told who each request authenticated as, once it has. */
  onAuthenticated?: ((principal: Principal) => void) | undefined;
  /** Told of each execution a quota refused, by the quota's config key. */
  onQuotaRefusal?: ((quota: string) => void) | undefined;
  /**
   * The endpoint's path; requests for other paths get 404. Undefined for a handler mounted in another server,
   * whose router decides which requests reach it: every path but the metadata's is then the endpoint.
   */
  endpointPath?: string | undefined;
  log: (message: string) => void;
}

/** The gateway's HTTP entry as a Fetch handler. */
export interface HttpHandler {
  /** Answers one request; `parsedBody` is a body a framework has already read (`express.json()`). */
  fetch(request: Request, options?: { parsedBody?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

const DEFAULT_ENDPOINT = "/mcp";
const METADATA_PATH = "/.well-known/oauth-protected-resource";
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const IDLE_SESSION_MS = 10 * 60_000;
const MAX_SESSIONS = 1_000;

/**
 * Makes the gateway's HTTP entry: `/mcp` in both MCP eras, and the OAuth protected-resource metadata. Every request
 * passes the same checks in this order: the `route` (health and metrics, which answer on their own terms), Host and
 * Origin, authentication, then quotas for executions; only then does a transport see it.
 */
export function createHttpHandler(options: CreateHttpHandlerOptions): HttpHandler {
  const checkHostAndOrigin = createHostAndOriginCheck(options);
  const sessions = serveSessionHttp({
    createServer: options.createServer,
    idleSessionMs: options.idleSessionMs ?? IDLE_SESSION_MS,
    maxSessions: options.maxSessions ?? MAX_SESSIONS,
  });
  const stateless = serveStatelessHttp({ createServer: options.createStatelessServer, log: options.log });
  const unwatchTools = options.watchTools(() => stateless.toolsChanged());
  const { endpointPath } = options;
  /**
   * The resource clients ask tokens for (RFC 8707): the public URL, else the loopback URL the request used; a
   * metadata request names the resource's path after the well-known one (RFC 9728).
   */
  const resourceOf = (url: URL, metadata: boolean) => {
    if (options.publicUrls?.[0]) return options.publicUrls[0];
    const path = metadata ? url.pathname.slice(METADATA_PATH.length) || (endpointPath ?? DEFAULT_ENDPOINT) : (endpointPath ?? url.pathname);
    return `${url.origin}${path}`;
  };

  async function handle(request: Request, parsedBody: unknown): Promise<Response> {
    const routed = await options.route?.(request);
    if (routed) return routed;
    const refused = checkHostAndOrigin(request);
    if (refused) return jsonRpcError(refused.status, -32000, refused.message);
    const url = new URL(request.url);
    // Its token is one /mcp takes, for the endpoint's own resource (an OAuth token's audience).
    if (options.console && isConsolePath(url.pathname)) return options.console.fetch(request, options.publicUrls?.[0] ?? `${url.origin}${endpointPath ?? DEFAULT_ENDPOINT}`);
    if (url.pathname === METADATA_PATH || url.pathname.startsWith(`${METADATA_PATH}/`)) {
      const resource = resourceOf(url, true);
      if (!isProtectedResourceMetadataPath(url.pathname, resource)) return notFound();
      return metadataResponse(resource);
    }
    if (endpointPath !== undefined && url.pathname !== endpointPath) return notFound();
    const resource = resourceOf(url, false);

    const authenticated = await authenticateRequest(request.headers.get("authorization"), options.authentication, resource);
    if ("refusal" in authenticated) {
      const { status, challenge, message } = authenticated.refusal;
      return jsonRpcError(status, status === 503 ? -32000 : -32001, message, challenge ? { "www-authenticate": challenge } : {});
    }
    const { principal } = authenticated;
    options.onAuthenticated?.(principal);
    const body = parsedBody !== undefined ? parsedBody : request.method === "POST" ? await readJson(request) : undefined;
    if (body instanceof Error) return jsonRpcError(400, -32700, body.message);
    const modern = await isStatelessRequest(request, body);
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId !== null && !sessions.has(sessionId, principal)) return jsonRpcError(404, -32001, "Session not found.");

    const serve = () => (modern ? stateless.serve(request, body, principal) : sessions.serve(request, body, principal));
    const execution = executionOf(body, options.executeName);
    if (execution === "batch") return jsonRpcError(400, -32600, `Bad request: send each ${options.executeName} call on its own, not in a batch.`);
    return execution === undefined ? serve() : serveExecution(request, principal, execution, modern, serve);
  }

  const admit = async (principal: Principal): Promise<QuotaGrant> => {
    try {
      return await options.quotas.admit(principal.name);
    } catch (error) {
      options.onQuotaRefusal?.(String((error as CodeModeError).details?.quota));
      throw error;
    }
  };

  /**
   * Serves an execute call in a {@link CallerScope}: the run it starts holds the caller's quota slot until it has
   * ended, whenever the response ends, and is cancelled when the caller goes away (the request aborted, the response
   * left unread). A new call is admitted here, before the body reaches a transport; a retry that carries a
   * requestState may resume a run that already holds its slot, so a slot is taken only if it starts a new run.
   */
  async function serveExecution(request: Request, principal: Principal, call: ExecuteCall, modern: boolean, serve: () => Promise<Response>): Promise<Response> {
    let admitted: QuotaGrant | undefined;
    if (!call.resumes) {
      try {
        admitted = await admit(principal);
      } catch (error) {
        return quotaRefusalResponse(call.id, error as CodeModeError, modern);
      }
    }
    const gone = new AbortController();
    const leave = () => gone.abort();
    if (request.signal.aborted) leave();
    else request.signal.addEventListener("abort", leave, { once: true });
    const scope: CallerScope = {
      gone: gone.signal,
      admit: async () => {
        const grant = admitted ?? (await admit(principal));
        admitted = undefined;
        return grant;
      },
    };
    // A slot no run took (bad arguments, a refused requestState) is given back with the response.
    const finish = (completed: boolean) => {
      request.signal.removeEventListener("abort", leave);
      if (!completed) gone.abort();
      admitted?.release();
      admitted = undefined;
    };
    try {
      return whenBodyEnds(await runInCallerScope(scope, serve), finish);
    } catch (error) {
      finish(false);
      throw error;
    }
  }

  const notFound = () => Response.json({ error: `Not found: the MCP endpoint is ${endpointPath ?? "where this handler is mounted"}.` }, { status: 404 });

  function metadataResponse(resource: string): Response {
    const { oauth } = options.authentication;
    if (!oauth) return Response.json({ error: "Not found: this gateway does not take OAuth access tokens." }, { status: 404 });
    // Public by design: a client reads it before it has a token, from whatever origin it runs on.
    return Response.json(protectedResourceMetadata(resource, oauth), { headers: { "access-control-allow-origin": "*", "cache-control": "max-age=3600" } });
  }

  return {
    async fetch(request, fetchOptions = {}) {
      const answer = (incoming: Request) => handle(incoming, fetchOptions.parsedBody);
      try {
        return await (options.around ? options.around(request, answer) : answer(request));
      } catch (error) {
        options.log(`HTTP request failed: ${(error as Error).message}`);
        return jsonRpcError(500, -32603, "Internal error.");
      }
    },
    async close() {
      unwatchTools();
      await Promise.all([stateless.close(), sessions.close()]);
    },
  };
}

/** An execute call: its JSON-RPC id, and whether it is a 2026-07-28 retry carrying a requestState. */
interface ExecuteCall {
  id: string | number | null;
  resumes: boolean;
}

/** The execute call a body carries; "batch" for a batch holding one; undefined for anything else. */
function executionOf(body: unknown, executeName: string): ExecuteCall | "batch" | undefined {
  const isExecute = (message: unknown) => {
    const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
    return method === "tools/call" && params?.name === executeName;
  };
  if (Array.isArray(body)) return body.some(isExecute) ? "batch" : undefined;
  if (!isExecute(body)) return undefined;
  const { id, params } = body as { id?: unknown; params?: { requestState?: unknown } };
  return { id: typeof id === "string" || typeof id === "number" ? id : null, resumes: typeof params?.requestState === "string" };
}

/** A refused execution as the JSON-RPC answer to its call, with the wait in `Retry-After`. */
function quotaRefusalResponse(id: string | number | null, error: CodeModeError, modern: boolean): Response {
  const retryAfterMs = Number(error.details?.retryAfterMs ?? 1_000);
  const result = { ...quotaRefusal(error), ...(modern ? { resultType: "complete" } : {}) };
  return Response.json({ jsonrpc: "2.0", id, result }, { headers: { "retry-after": String(Math.ceil(retryAfterMs / 1000)) } });
}

async function readJson(request: Request): Promise<unknown> {
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch {
      // The client's own doing (a connection dropped mid-body, broken chunking): nothing the gateway could fix.
      return new Error("Bad request: the body ended before it was complete.");
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return new Error(`Request body over ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return new Error("Parse error: the body is not JSON.");
  }
}
