import { AsyncLocalStorage } from "node:async_hooks";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { linkAbort } from "./link-abort.js";
import type { CallerAnswer, CallerQuestion, UpstreamCaller } from "../tools/index.js";

/** Which execution an upstream's questions and log messages belong to, and passing them there. */
export interface CallerRoutes {
  /** Runs one call of `caller`'s in its context, counted as in flight until it settles. */
  run<T>(caller: UpstreamCaller | undefined, signal: AbortSignal, call: () => Promise<T>): Promise<T>;
  /** The execution an inbound message belongs to, or why none can be told. */
  callerOf(): UpstreamCaller | string;
  /**
   * Passes a question to the execution it belongs to. One that cannot be asked is declined: an elicitation is
   * answered `decline` (the spec's answer for "no"), so the server goes on as it would for a person who said no; a
   * sampling request, which has no such answer, fails. The reason goes to the execution (its result's diagnostics)
   * and the log.
   */
  forward<Answer extends CallerAnswer>(question: CallerQuestion, signal: AbortSignal): Promise<Answer>;
  /** Runs `work` outside any call's context (a reconnect started from inside a call). */
  outside<T>(work: () => T): T;
}

/** The routes of one upstream (`id`), whose calls time out after `timeoutMs`. */
export function routeToCallers(id: string, timeoutMs: number, log: (message: string) => void): CallerRoutes {
  // The executions with calls in flight here, and how many each: a question or log message the server sends
  // outside any call's context belongs to the only one, when there is only one.
  const inFlight = new Map<UpstreamCaller, number>();
  // The execution of the call whose context an inbound message arrived in: the call itself (a 2026-07-28
  // input-required round) or its HTTP response stream (a 2025 server's request related to the call).
  const context = new AsyncLocalStorage<{ caller: UpstreamCaller; signal: AbortSignal }>();

  function callerOf(): UpstreamCaller | string {
    const linked = context.getStore()?.caller;
    if (linked && inFlight.has(linked)) return linked;
    if (inFlight.size === 1) return [...inFlight.keys()][0] as UpstreamCaller;
    if (inFlight.size === 0) return `no call to ${id} is in flight`;
    return `${inFlight.size} executions have calls in flight on ${id} and the request does not say which one it belongs to`;
  }

  return {
    async run(caller, signal, call) {
      if (!caller) return call();
      inFlight.set(caller, (inFlight.get(caller) ?? 0) + 1);
      try {
        return await context.run({ caller, signal }, call);
      } finally {
        const left = (inFlight.get(caller) ?? 1) - 1;
        if (left > 0) inFlight.set(caller, left);
        else inFlight.delete(caller);
      }
    },
    callerOf,
    async forward<Answer extends CallerAnswer>(question: CallerQuestion, signal: AbortSignal): Promise<Answer> {
      const caller = callerOf();
      let why: string;
      if (typeof caller === "string") why = caller;
      else if (!caller.ask) why = "no MCP client is connected to this execution to answer it";
      else {
        // The question is withdrawn when the server withdraws it, or when the call it came with ends; a question that
        // came with no call in its context (a 2025 server's, on stdio) is from a call that cannot outlive its timeout.
        const linked = context.getStore();
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
      log(message);
      if (typeof caller !== "string") caller.onDeclined?.(message);
      if (question.method === "elicitation/create") return { action: "decline" } as Answer;
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, message);
    },
    outside: (work) => context.exit(work),
  };
}
