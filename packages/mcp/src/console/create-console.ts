import { toErrorData, type ApprovalDecision, type CatalogItem, type CatalogPage, type CodeMode } from "@codemode/core";
import { ANONYMOUS, authenticateRequest, type Authentication, type Principal } from "../auth/index.js";
import type { RecentRuns } from "../operate/index.js";
import { CONSOLE_SECURITY_HEADERS, loadConsoleAssets } from "./console-assets.js";
import { CONSOLE_COOKIE, CONSOLE_SESSION_MS, openToken, readCookie, sealToken, sessionCookie } from "./console-cookie.js";
import { decideRun, problem, runScript, type ConsoleRunner } from "./console-runs.js";
import { summarizeRun, visibleUpstreams, type UpstreamView } from "./console-views.js";

/** The `console` config: who may sign in (by principal name); absent lets every principal the gateway admits. */
export interface ConsoleConfig {
  principals?: readonly string[] | undefined;
}

/** What the console shows and does, from the gateway it belongs to. */
export interface ConsoleGateway extends ConsoleRunner {
  codeMode: CodeMode;
  upstreams(): UpstreamView[];
  /** The search the model's `search` tool runs: a ranked search with a query, a listing without one. */
  search(args: { query: string | undefined; limit: number | undefined }, scope: { allow?: readonly string[] }): Promise<CatalogPage<CatalogItem>>;
  recentRuns: RecentRuns;
  /** Whether code sessions are on. */
  sessions: boolean;
}

/** Options of {@link createConsole}. */
export interface CreateConsoleOptions {
  config: ConsoleConfig;
  authentication: Authentication;
  gateway: ConsoleGateway;
  /** The key that seals sign-in cookies, the same on every replica of a cluster. */
  cookieKey: () => Buffer;
  /** Told who each console request authenticated as, for the audit log. */
  onAuthenticated?: ((principal: Principal) => void) | undefined;
}

/** The web console's HTTP entry: its page under `/console/`, its API under `/console/api/`. */
export interface ConsoleHandler {
  /** Answers a request for a `/console` path that passed the gateway's Host and Origin checks. */
  fetch(request: Request, resource: string): Promise<Response>;
}

/** The header every API request carries: a page of another site cannot send it without a CORS preflight, never granted. */
export const CONSOLE_REQUEST_HEADER = "x-codemode-console";

/** Whether a path is the console's. */
export function isConsolePath(pathname: string): boolean {
  return pathname === "/console" || pathname.startsWith("/console/");
}

/**
 * Makes the gateway's web console. It adds no way in: a person signs in with a token the gateway already takes (a
 * bearer token or an OAuth access token), which goes into a sealed HttpOnly cookie and is checked again on every
 * request as `/mcp` checks it; each principal sees and runs only what its allowlist lets it.
 */
export function createConsole(options: CreateConsoleOptions): ConsoleHandler {
  const { authentication, gateway, config } = options;
  const assets = loadConsoleAssets();
  const signInNeeded = authentication.bearer !== undefined || authentication.oauth !== undefined;

  /** Who a token is, if it is one the gateway takes and its principal may use the console. */
  async function principalOf(token: string, resource: string): Promise<Principal | Response> {
    const verdict = await authenticateRequest(`Bearer ${token}`, authentication, resource);
    if ("refusal" in verdict) return problem(verdict.refusal.status, verdict.refusal.message);
    if (config.principals && !config.principals.includes(verdict.principal.name)) {
      return problem(403, `Forbidden: ${verdict.principal.name} may not use the console (console.principals).`);
    }
    return verdict.principal;
  }

  /** The signed-in principal of a request, or the answer that refuses it. */
  async function signedIn(request: Request, resource: string): Promise<Principal | Response> {
    if (!signInNeeded) return ANONYMOUS;
    const sealed = readCookie(request, CONSOLE_COOKIE);
    const token = sealed === undefined ? undefined : openToken(options.cookieKey(), sealed);
    if (token === undefined) return problem(401, "Sign in with a token this gateway takes.");
    return principalOf(token, resource);
  }

  async function signIn(request: Request, resource: string): Promise<Response> {
    const { token } = ((await readBody(request)) ?? {}) as { token?: unknown };
    if (typeof token !== "string" || token.trim() === "") return problem(400, "Send { token }: a bearer token or an OAuth access token.");
    const principal = await principalOf(token.trim(), resource);
    if (principal instanceof Response) return principal;
    const secure = new URL(resource).protocol === "https:";
    const cookie = sessionCookie(sealToken(options.cookieKey(), token.trim(), Date.now() + CONSOLE_SESSION_MS), CONSOLE_SESSION_MS, secure);
    return json(describe(principal), { "set-cookie": cookie });
  }

  const describe = (principal: Principal) => ({
    principal: principal.name,
    signInNeeded,
    features: { sessions: gateway.sessions },
  });

  async function api(request: Request, route: string, resource: string): Promise<Response> {
    if (route === "session" && request.method === "POST") return signIn(request, resource);
    if (route === "session" && request.method === "DELETE") {
      return json({ signedOut: true }, { "set-cookie": sessionCookie("", 0, new URL(resource).protocol === "https:") });
    }
    const principal = await signedIn(request, resource);
    if (principal instanceof Response) return principal;
    options.onAuthenticated?.(principal);
    const scope = principal.allow ? { allow: principal.allow } : {};
    const [name, id] = route.split("/") as [string, string | undefined];
    const method = request.method;
    if (name === "me" && method === "GET") return json(describe(principal));
    if (name === "upstreams" && method === "GET") return json({ upstreams: visibleUpstreams(gateway.upstreams(), principal.allow) });
    if (name === "tools" && method === "GET" && id === undefined) {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("limit") ?? 20);
      return json(await gateway.search({ query: url.searchParams.get("query") ?? undefined, limit: Math.min(100, Math.max(1, limit || 20)) }, scope));
    }
    if (name === "tools" && method === "GET" && id !== undefined) {
      try {
        return json(gateway.codeMode.catalog.describe({ tool: decodeURIComponent(id) }, scope));
      } catch (error) {
        return problem(404, toErrorData(error).message);
      }
    }
    if (name === "declarations" && method === "GET") return json({ declarations: gateway.codeMode.declarations(scope) });
    if (name === "check" && method === "POST") return check(request, scope);
    if (name === "runs" && method === "POST") {
      const code = await codeOf(request);
      return typeof code === "string" ? runScript(gateway, principal, code) : code;
    }
    if (name === "runs" && method === "GET" && id === undefined) return json({ runs: gateway.recentRuns.list(principal.name).map(summarizeRun) });
    if (name === "runs" && method === "GET" && id !== undefined) {
      const run = gateway.recentRuns.get(id, principal.name);
      return run ? json({ ...summarizeRun(run), timeline: run.timeline, timelineDropped: run.timelineDropped }) : problem(404, "No such run among the recent ones.");
    }
    if (name === "approvals" && method === "GET") {
      const runs = await gateway.pausedRuns.list(principal.owner);
      return json({ approvals: runs.map(({ continuation: _continuation, ...run }) => run) });
    }
    if (name === "approvals" && method === "POST" && id !== undefined) {
      const decisions = decisionsOf(await readBody(request));
      return decisions instanceof Response ? decisions : decideRun(gateway, principal, id, decisions);
    }
    if (name === "sessions" && gateway.sessions && method === "GET") return json({ sessions: await gateway.codeMode.listSessions({ owner: principal.owner }) });
    if (name === "sessions" && gateway.sessions && method === "DELETE" && id !== undefined) {
      return json({ ended: await gateway.codeMode.endSession(decodeURIComponent(id), { owner: principal.owner }) });
    }
    return problem(404, `No console API ${method} /console/api/${route}.`);
  }

  /** Checks a script against the declarations of the principal's tools, as the model's scripts are, without running it. */
  async function check(request: Request, scope: { allow?: readonly string[] }): Promise<Response> {
    const code = await codeOf(request);
    if (typeof code !== "string") return code;
    try {
      return json(await gateway.codeMode.check(code, scope));
    } catch (error) {
      // CHECK_UNAVAILABLE: the compiler that checks could not start here.
      return problem(503, toErrorData(error).message);
    }
  }

  return {
    async fetch(request, resource) {
      const { pathname } = new URL(request.url);
      if (pathname === "/console") return new Response(null, { status: 308, headers: { ...CONSOLE_SECURITY_HEADERS, location: "/console/" } });
      const rest = pathname.slice("/console/".length);
      if (!rest.startsWith("api/")) {
        if (request.method !== "GET" && request.method !== "HEAD") return problem(405, "The console's page is read with GET.", { allow: "GET, HEAD" });
        return assets.get(rest) ?? problem(404, "Not found.");
      }
      // Cross-site requests cannot carry this header without a preflight that is never answered, so no other page
      // can use the signed-in cookie (together with SameSite=Strict and the gateway's Origin check).
      if (request.headers.get(CONSOLE_REQUEST_HEADER) !== "1") return problem(403, `Forbidden: console API requests carry the ${CONSOLE_REQUEST_HEADER} header.`);
      try {
        return await api(request, rest.slice("api/".length), resource);
      } catch (error) {
        return problem(500, toErrorData(error).message);
      }
    },
  };
}

function json(body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { headers: { ...CONSOLE_SECURITY_HEADERS, "cache-control": "no-store", ...headers } });
}

const MAX_BODY_CHARS = 512 * 1024;

/** A JSON request body, or undefined when there is none or it is not JSON (or too large for the console's use). */
async function readBody(request: Request): Promise<unknown> {
  if (!(request.headers.get("content-type") ?? "").startsWith("application/json")) return undefined;
  const text = await request.text();
  if (text.length > MAX_BODY_CHARS) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function codeOf(request: Request): Promise<string | Response> {
  const { code } = ((await readBody(request)) ?? {}) as { code?: unknown };
  return typeof code === "string" && code.trim() !== "" ? code : problem(400, "Send { code }: the script to run, as JSON.");
}

/** `{ decisions: { [callId]: true | false } }`, as the approvals page sends it. */
function decisionsOf(body: unknown): Record<string, ApprovalDecision> | Response {
  const decisions = (body as { decisions?: unknown } | undefined)?.decisions;
  if (typeof decisions !== "object" || decisions === null || Array.isArray(decisions)) return problem(400, "Send { decisions: { [callId]: true | false } }.");
  for (const value of Object.values(decisions)) if (typeof value !== "boolean") return problem(400, "Each decision is true (approve) or false (deny).");
  return decisions as Record<string, ApprovalDecision>;
}
