import { AsyncLocalStorage } from "node:async_hooks";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toErrorData, type CodeModeError } from "@codemode/core";
import type { QuotaGrant } from "../quotas/index.js";

/**
 * The HTTP request an execution runs for: where the execution's quota slot comes from, and whether its caller is
 * still there. Executions started outside one (stdio, `connect`, the CLI) have neither.
 */
export interface CallerScope {
  /** Fires when the caller closed its connection or stopped reading the response before its end. */
  readonly gone: AbortSignal;
  /**
   * The caller's quota slot for a run that starts now, to release once the run has ended; rejects with
   * `LIMIT_EXCEEDED` naming the quota.
   */
  admit(): Promise<QuotaGrant>;
}

const storage = new AsyncLocalStorage<CallerScope>();

/** Runs `serve` (the answering of one HTTP request) in `scope`, which the executions it starts then find. */
export function runInCallerScope<T>(scope: CallerScope, serve: () => T): T {
  return storage.run(scope, serve);
}

/** The scope of the HTTP request being answered; undefined outside one. */
export function callerScope(): CallerScope | undefined {
  return storage.getStore();
}

/**
 * A refused execution as the execute tool's failed result, so that the model reads why and when to retry;
 * `_meta["codemode/error"]` carries the same as data: the `limit_exceeded` code, the quota, its limit and the wait.
 */
export function quotaRefusal(error: CodeModeError): CallToolResult {
  return {
    content: [{ type: "text", text: error.message }],
    isError: true,
    _meta: { "codemode/error": { ...toErrorData(error), ...error.details } },
  };
}
