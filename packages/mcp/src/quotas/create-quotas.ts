import { CodeModeError } from "@codemode/core";
import type { QuotasConfig } from "../config/index.js";

/** The quota that refused an execution. */
export type QuotaName = "maxConcurrentExecutions" | "maxExecutionsPerMinute" | "maxQueuedExecutions";

/** A granted execution: call `release` once it has finished, whichever way. */
export interface QuotaGrant {
  release(): void;
}

/** Admission of executions over HTTP: per principal, and one cap on those waiting for a sandbox worker. */
export interface Quotas {
  /** Admits one execution of `principal`, or rejects with a retryable `LIMIT_EXCEEDED` error naming the quota. */
  admit(principal: string): Promise<QuotaGrant>;
  /** Executions admitted and not yet released, across every principal. */
  readonly inFlight: number;
}

/** Options of {@link createQuotas}. */
export interface CreateQuotasOptions {
  /** Sandbox workers: executions past this many are waiting. */
  poolSize: number;
  now?: () => number;
  /**
   * Counts `maxExecutionsPerMinute` where every replica of a cluster sees it (Redis) instead of in this process.
   * While it fails, this process's own count decides, and `onUnavailable` is told why.
   */
  sharedRate?: {
    count: (principal: string, limit: number, windowMs: number) => Promise<{ admitted: true } | { admitted: false; count: number; retryAfterMs: number }>;
    onUnavailable: (error: Error) => void;
  };
}

const MINUTE_MS = 60_000;
const DEFAULT_MAX_QUEUED = 256;
/** What to suggest when the wait depends on other executions finishing. */
const RETRY_SOON_MS = 1_000;
const SWEEP_ABOVE = 1_000;

interface PrincipalState {
  running: number;
  /** Start times within the last minute, oldest first. */
  starts: number[];
}

/**
 * Makes the quotas of the config: nothing ever waits here, so no queue grows; past a quota the execution is refused
 * at once with a `LIMIT_EXCEEDED` {@link CodeModeError} whose `details` name the quota, its limit and when to retry.
 */
export function createQuotas(config: QuotasConfig | undefined, options: CreateQuotasOptions): Quotas {
  const now = options.now ?? Date.now;
  const maxInFlight = options.poolSize + (config?.maxQueuedExecutions ?? DEFAULT_MAX_QUEUED);
  const states = new Map<string, PrincipalState>();
  let inFlight = 0;

  const refuse = (quota: QuotaName, limit: number, retryAfterMs: number, message: string): never => {
    throw new CodeModeError("LIMIT_EXCEEDED", `${message} (quotas.${quota} is ${limit}); try again in ${Math.ceil(retryAfterMs / 1000)} s.`, {
      retryable: true,
      details: { quota, limit, retryAfterMs },
    });
  };

  const idle = (state: PrincipalState, at: number) => state.running === 0 && (state.starts.at(-1) ?? -Infinity) <= at - MINUTE_MS;
  /** Forgets principals that ran nothing in the last minute, once there are many to remember. */
  const sweep = (at: number) => {
    if (states.size < SWEEP_ABOVE) return;
    for (const [name, state] of states) if (idle(state, at)) states.delete(name);
  };

  async function admit(principal: string): Promise<QuotaGrant> {
    const own = config?.principals?.[principal];
    const maxConcurrent = own?.maxConcurrentExecutions ?? config?.maxConcurrentExecutions;
    const perMinute = own?.maxExecutionsPerMinute ?? config?.maxExecutionsPerMinute;
    const state = states.get(principal) ?? { running: 0, starts: [] };
    const at = now();
    while (state.starts.length > 0 && state.starts[0]! <= at - MINUTE_MS) state.starts.shift();
    if (maxConcurrent !== undefined && state.running >= maxConcurrent) {
      refuse("maxConcurrentExecutions", maxConcurrent, RETRY_SOON_MS, `Quota exceeded: ${principal} has ${state.running} executions running`);
    }
    if (perMinute !== undefined && !options.sharedRate && state.starts.length >= perMinute) refuseRate(principal, perMinute, state.starts.length, state.starts[0]! + MINUTE_MS - at);
    if (inFlight >= maxInFlight) {
      const queued = inFlight - options.poolSize;
      refuse("maxQueuedExecutions", maxInFlight - options.poolSize, RETRY_SOON_MS, `The gateway is busy: ${queued} executions are waiting for a sandbox`);
    }
    // The slot is taken before the shared count is asked, so that executions admitted meanwhile see it.
    state.running++;
    states.set(principal, state);
    inFlight++;
    let released = false;
    const grant: QuotaGrant = {
      release() {
        if (released) return;
        released = true;
        state.running--;
        inFlight--;
        if (idle(state, now())) states.delete(principal);
      },
    };
    if (perMinute !== undefined && options.sharedRate) {
      try {
        await countShared(principal, perMinute, state, at);
      } catch (error) {
        grant.release();
        throw error;
      }
    }
    if (perMinute !== undefined) state.starts.push(at);
    sweep(at);
    return grant;
  }

  /** Asks the shared count; while it cannot answer, this process's own starts decide. */
  async function countShared(principal: string, perMinute: number, state: PrincipalState, at: number): Promise<void> {
    let answer;
    try {
      answer = await options.sharedRate!.count(principal, perMinute, MINUTE_MS);
    } catch (error) {
      options.sharedRate!.onUnavailable(error as Error);
      if (state.starts.length >= perMinute) refuseRate(principal, perMinute, state.starts.length, state.starts[0]! + MINUTE_MS - at);
      return;
    }
    if (!answer.admitted) refuseRate(principal, perMinute, answer.count, answer.retryAfterMs);
  }

  function refuseRate(principal: string, perMinute: number, count: number, waitMs: number): never {
    return refuse("maxExecutionsPerMinute", perMinute, Math.max(1, waitMs), `Quota exceeded: ${principal} started ${count} executions in the last minute`);
  }

  return {
    admit,
    get inFlight() {
      return inFlight;
    },
  };
}
