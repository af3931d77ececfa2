import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What the gateway knows about the HTTP request being served, wherever its handling has got to. */
export interface RequestContext {
  /** The caller's `X-Request-Id` when it is a sane one, else a new UUID. */
  readonly requestId: string;
  /** The 2025-era MCP session the request belongs to, from its `Mcp-Session-Id` header. */
  readonly mcpSessionId: string | undefined;
  /** Who the request authenticated as (a bearer token's name), set once auth has passed. */
  principal: string | undefined;
  /** Whether an execution ran for this request, so that a shutdown waits for its response to be sent. */
  executed: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

// Printable ASCII and short: the id is echoed in a header and written into logs, so nothing else may come through.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id to use for a request: the caller's `X-Request-Id` when it is sane, else a new UUID. */
export function requestIdOf(header: string | null | undefined): string {
  return header && REQUEST_ID.test(header) ? header : randomUUID();
}

/** Runs `serve` with a request context, so logs, spans and audit records of everything it starts carry its id. */
export function runInRequestContext<T>(
  headers: { requestId: string | null | undefined; mcpSessionId: string | null | undefined },
  serve: (context: RequestContext) => T,
): T {
  const context: RequestContext = {
    requestId: requestIdOf(headers.requestId),
    mcpSessionId: headers.mcpSessionId ?? undefined,
    principal: undefined,
    executed: false,
  };
  return storage.run(context, () => serve(context));
}

/** The context of the HTTP request being served; undefined outside one (stdio, the CLI's own commands). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Records who the current request authenticated as, for the audit log. */
export function setRequestPrincipal(name: string | undefined): void {
  const context = storage.getStore();
  if (context) context.principal = name;
}
