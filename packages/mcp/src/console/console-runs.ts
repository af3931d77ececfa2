import { randomUUID } from "node:crypto";
import { isCodeModeError, toErrorData, type ApprovalDecision, type CodeMode, type ExecutionEventListener, type ExecutionResult } from "@codemode/core";
import type { Principal } from "../auth/index.js";
import type { TrackExecution } from "../operate/index.js";
import type { Quotas } from "../quotas/index.js";
import { withDeclined, type GatewayCallContext } from "../tools/index.js";
import { CONSOLE_SECURITY_HEADERS } from "./console-assets.js";
import type { ConsolePausedRuns } from "./console-paused-runs.js";

/** How long a paused console run can be decided: the core's default time to live of a continuation. */
const PAUSED_RUN_TTL_MS = 24 * 60 * 60_000;

/** What the console runs scripts with: the gateway's one code mode and what every execution of it goes through. */
export interface ConsoleRunner {
  codeMode: CodeMode;
  track: TrackExecution;
  quotas: Quotas;
  pausedRuns: ConsolePausedRuns;
}

/**
 * Runs a script as the principal, as any execution of the gateway runs (quotas, the audit log, metrics, shutdown),
 * with approvals that pause: the answer is a stream of JSON lines, each run event as it happens and then the result.
 * A run that pauses is kept for the approvals page; its continuation never leaves the gateway.
 */
export function runScript(runner: ConsoleRunner, principal: Principal, code: string): Promise<Response> {
  return streamRun(runner, principal, code, ({ signal, onEvent, context }) =>
    runner.codeMode.execute(code, {
      signal,
      onEvent,
      context,
      owner: principal.owner,
      approvals: "pause",
      ...(principal.allow ? { allow: principal.allow } : {}),
    }),
  );
}

/**
 * Decides a paused run and resumes it as any client's decision would, on whichever replica receives it: the same
 * stream as a run's. Answers 404 for a run that is gone (decided, expired, or another principal's).
 */
export async function decideRun(runner: ConsoleRunner, principal: Principal, id: string, decisions: Record<string, ApprovalDecision>): Promise<Response> {
  const paused = await runner.pausedRuns.take(principal.owner, id);
  if (!paused) return problem(404, "This paused run is no longer waiting: it was decided already, or it expired.");
  return streamRun(runner, principal, paused.code, ({ signal, onEvent, context }) =>
    runner.codeMode.resume(paused.continuation, { decisions, owner: principal.owner, signal, onEvent, context, code: paused.code }),
  );
}

type Start = (run: { signal: AbortSignal; onEvent: ExecutionEventListener; context: GatewayCallContext }) => Promise<ExecutionResult>;

async function streamRun(runner: ConsoleRunner, principal: Principal, code: string, start: Start): Promise<Response> {
  let grant;
  try {
    grant = await runner.quotas.admit(principal.name);
  } catch (error) {
    return problem(429, toErrorData(error).message);
  }
  // The run belongs to the page that started it: the page going away (the stream cancelled) cancels it.
  const cancel = new AbortController();
  const encoder = new TextEncoder();
  let output!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const write = (line: unknown) => {
    if (open) output.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
  };
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => void (output = controller),
    cancel: () => {
      open = false;
      cancel.abort();
    },
  });
  // No client stands behind a console run to answer an upstream's own questions: they are declined, and said to be.
  const declined: string[] = [];
  const context: GatewayCallContext = { caller: { onDeclined: (message) => declined.push(message) } };
  const onEvent: ExecutionEventListener = (event) => write({ type: "event", event });
  const run = runner.track({ code, signal: cancel.signal, onEvent }, (tracked) => start({ signal: tracked.signal, context, onEvent: tracked.onEvent ?? onEvent }));
  void run
    .then(async (ran) => {
      const result = withDeclined(ran, declined);
      const pausedRunId = result.status === "paused" ? await keepPaused(runner.pausedRuns, principal, code, result) : undefined;
      const { continuation: _continuation, ...shown } = result;
      write({ type: "result", result: shown, ...(pausedRunId ? { pausedRunId } : {}) });
    })
    .catch((error: unknown) => write({ type: "error", message: isCodeModeError(error) ? error.message : "The run could not be started." }))
    .finally(() => {
      grant.release();
      if (open) output.close();
      open = false;
    });
  return new Response(body, { headers: { ...CONSOLE_SECURITY_HEADERS, "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" } });
}

async function keepPaused(pausedRuns: ConsolePausedRuns, principal: Principal, code: string, result: ExecutionResult): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await pausedRuns.add(principal.owner, {
    id,
    code,
    continuation: result.continuation!,
    pending: result.pending ?? [],
    pausedAt: new Date(now).toISOString(),
    expiresAt: now + PAUSED_RUN_TTL_MS,
  });
  return id;
}

/** A console API error: JSON with the message a person reads. */
export function problem(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: message }, { status, headers: { ...CONSOLE_SECURITY_HEADERS, "cache-control": "no-store", ...headers } });
}
