import {
  createMemoryContinuationStore,
  decodeContinuation,
  encodeContinuation,
  hashTools,
  randomId,
  readDecision,
  sha256,
  type ApprovalDecision,
  type ContinuationBody,
  type ContinuationState,
  type ContinuationStore,
} from "../approval/index.js";
import { failedResult, type CallError, type ExecutionErrorKind, type ExecutionResult, type PausedRun, type RunRecord } from "../envelopes/index.js";
import { CodeModeError } from "../errors/index.js";
import type { RegisteredTool } from "../tools/index.js";
import type { ApprovalOptions } from "./code-mode.js";
import { utf8ByteLength } from "../portable/index.js";

/** Pause mode's settings, checked and with defaults. */
export interface PauseSettings {
  /** How executions wait for approvals unless they say otherwise (`ExecuteOptions.approvals`). */
  mode: "block" | "pause";
  /** The signing key; a function is read at each pause and resume. */
  secret: () => string | Uint8Array;
  store: ContinuationStore;
  ttlMs: number;
  maxInlineBytes: number;
}

/** How long a continuation may wait for its person by default: a day. */
const DEFAULT_TTL_MS = 24 * 60 * 60_000;
/** Past this size (the body's JSON) the code and record go to the store and the continuation keeps a pointer. */
const DEFAULT_MAX_INLINE_BYTES = 32 * 1024;
/** A claim outlives its continuation by this much, so a continuation resumed once is refused until it expires. */
const CLAIM_MARGIN_MS = 60_000;

/** The default store, one per process: every code mode of a process refuses a continuation another one resumed. */
let processStore: ContinuationStore | undefined;

/**
 * Reads `approvals`: undefined when runs can only block (no secret, the default); pausing needs a secret, and a
 * continuation at its inline cap must fit in a result of `maxOutputBytes`. Throws INVALID_OPTIONS.
 */
export function readPauseSettings(options: ApprovalOptions | undefined, maxOutputBytes: number): PauseSettings | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== "object" || options === null) throw invalid("approvals must be an object such as { mode: \"pause\", secret }.", "approvals");
  const mode = options.mode ?? "block";
  if (mode !== "block" && mode !== "pause") throw invalid(`approvals.mode must be "block" or "pause", got ${String(mode)}.`, "approvals.mode");
  if (mode === "block" && options.secret === undefined) return undefined;
  const secret = readSecret(options.secret);
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) throw invalid(`approvals.ttlMs must be a positive integer, got ${String(ttlMs)}.`, "approvals.ttlMs");
  // Base64 makes the body a third larger, and the signed state and the rest of the result need room besides.
  const largest = Math.max(0, Math.floor((maxOutputBytes - 4096) / 2));
  const maxInlineBytes = options.maxInlineBytes ?? Math.min(DEFAULT_MAX_INLINE_BYTES, largest);
  if (!Number.isSafeInteger(maxInlineBytes) || maxInlineBytes < 0) {
    throw invalid(`approvals.maxInlineBytes must be a non-negative integer, got ${String(maxInlineBytes)}.`, "approvals.maxInlineBytes");
  }
  if (maxInlineBytes > largest) {
    throw invalid(`approvals.maxInlineBytes must be at most ${largest} with maxOutputBytes ${maxOutputBytes}, got ${maxInlineBytes}.`, "approvals.maxInlineBytes");
  }
  const store = options.store ?? (processStore ??= createMemoryContinuationStore());
  if (typeof store.get !== "function" || typeof store.set !== "function" || typeof store.claim !== "function") {
    throw invalid("approvals.store must have get, set and claim.", "approvals.store");
  }
  return { mode, secret, store, ttlMs, maxInlineBytes };
}

/**
 * Whether an execution's approvals pause: its own choice, else the code mode's mode. Pausing needs a secret, and a run
 * in a session cannot pause (its state lives in its worker, which a paused run gives back).
 */
export function pausesApprovals(chosen: unknown, pause: PauseSettings | undefined, inSession: boolean): boolean {
  if (chosen !== undefined && chosen !== "block" && chosen !== "pause") {
    throw new CodeModeError("INVALID_OPTIONS", `approvals must be "block" or "pause", got ${JSON.stringify(chosen) ?? String(chosen)}.`, { details: { option: "approvals" } });
  }
  const mode = chosen ?? pause?.mode ?? "block";
  if (mode === "pause" && !pause) {
    throw new CodeModeError("INVALID_OPTIONS", "approvals \"pause\" needs a secret to sign continuations: createCodeMode({ approvals: { secret } }).", {
      details: { option: "approvals" },
    });
  }
  if (mode === "pause" && inSession) {
    throw new CodeModeError("INVALID_OPTIONS", "A run in a session cannot pause: pause mode (approvals \"pause\") runs without sessionId.", {
      details: { option: "sessionId" },
    });
  }
  return mode === "pause";
}

const SECRET_NEEDED = "approvals.secret (a non-empty string or bytes, or a function returning one) is required to pause runs: it signs continuations.";

/** The signing key as a function; a key given as a function is checked each time it is read. */
function readSecret(secret: ApprovalOptions["secret"]): () => string | Uint8Array {
  const usable = (value: unknown): value is string | Uint8Array => (typeof value === "string" || value instanceof Uint8Array) && value.length > 0;
  if (typeof secret !== "function") {
    if (!usable(secret)) throw invalid(SECRET_NEEDED, "approvals.secret");
    return () => secret;
  }
  return () => {
    const value: unknown = secret();
    if (!usable(value)) throw invalid(SECRET_NEEDED, "approvals.secret");
    return value;
  };
}

function invalid(message: string, option: string): CodeModeError {
  return new CodeModeError("INVALID_OPTIONS", message, { details: { option } });
}

/** A run of pause mode, as it starts: fresh, or resumed from a continuation. */
export interface PauseRun {
  runId: string;
  seed: number[];
  /** Present when resumed: what the run replays, and the earlier runs' own time. */
  replay?: RunRecord;
  usedMs: number;
  decisions: ReadonlyMap<string, CallError | null>;
}

/** The ids and seed of a fresh run in pause mode. */
export async function startPauseRun(): Promise<PauseRun> {
  const seed = [...globalThis.crypto.getRandomValues(new Uint32Array(4))];
  return { runId: await randomId(6), seed, usedMs: 0, decisions: new Map() };
}

/** What a paused run needs to be written down as a continuation. */
export interface SuspendOptions {
  settings: PauseSettings;
  run: PauseRun;
  paused: PausedRun;
  pending: { callId: string; tool: string }[];
  code: string;
  args: string | undefined;
  allow: readonly string[] | undefined;
  owner: string;
  tools: readonly RegisteredTool[];
}

/** Signs a paused run's continuation; past the inline cap its body goes to the store, under the continuation's id. */
export async function suspend(options: SuspendOptions): Promise<string> {
  const { settings, run, paused } = options;
  const hashes = await hashTools(options.tools);
  const called = new Set(paused.record.calls.filter((call) => call.kind === "tool").map((call) => call.name));
  const tools: Record<string, string> = {};
  for (const name of called) {
    const hash = hashes.each.get(name);
    if (hash !== undefined) tools[name] = hash;
  }
  const body: ContinuationBody = {
    code: options.code,
    ...(options.args === undefined ? {} : { args: options.args }),
    ...(options.allow === undefined ? {} : { allow: [...options.allow] }),
    tools,
    record: paused.record,
  };
  const state: ContinuationState = {
    id: await randomId(16),
    runId: run.runId,
    owner: options.owner,
    expiresAt: Date.now() + settings.ttlMs,
    codeHash: await sha256(options.code),
    toolsHash: hashes.manifest,
    usedMs: run.usedMs + paused.elapsedMs,
    pending: options.pending,
  };
  const text = JSON.stringify(body);
  if (utf8ByteLength(text) <= settings.maxInlineBytes) state.body = body;
  else {
    await settings.store.set(state.id, text, settings.ttlMs);
    state.stored = await sha256(text);
  }
  return encodeContinuation(state, settings.secret());
}

/** Options of {@link openContinuation}: the caller's side of `resume`. */
export interface OpenOptions {
  settings: PauseSettings;
  continuation: unknown;
  owner: string;
  decisions: Readonly<Record<string, ApprovalDecision>>;
  /** The script as the caller has it, when given: it must be the one that paused. */
  code: string | undefined;
  tools: readonly RegisteredTool[];
}

/** A continuation that may run: the run's state and body, and the decisions as the script will receive them. */
export interface OpenedContinuation {
  state: ContinuationState;
  body: ContinuationBody;
  run: PauseRun;
}

/**
 * Verifies a continuation and claims it: a refusal (tampered, another owner's, expired, gone, already resumed) or a
 * divergence found before running (other code, changed tools) is a failed result, and nothing runs. Decisions for
 * calls the continuation does not wait on are the caller's mistake and throw INVALID_OPTIONS before the claim.
 */
export async function openContinuation(options: OpenOptions): Promise<OpenedContinuation | ExecutionResult> {
  const { settings } = options;
  const state = await decodeContinuation(options.continuation, settings.secret());
  if (!state) return refused("ContinuationRefused", "The continuation was refused: it is not one this code mode signed, or it was changed.");
  if (state.owner !== options.owner) return refused("ContinuationRefused", "The continuation was refused: it belongs to another owner.");
  if (!(Date.now() < state.expiresAt)) return refused("ContinuationRefused", "The continuation was refused: it expired.");
  let body = state.body;
  if (!body) {
    const text = await settings.store.get(state.id);
    if (text === null) return refused("ContinuationRefused", "The continuation was refused: its record is no longer in the continuation store (expired or kept by another store).");
    if ((await sha256(text)) !== state.stored) return refused("ContinuationRefused", "The continuation was refused: its record in the store was changed.");
    body = JSON.parse(text) as ContinuationBody;
  }
  if (options.code !== undefined && options.code !== body.code) {
    const line = firstDifferentLine(body.code, options.code);
    return refused("ResumeDiverged", `The script differs from the one that paused, from line ${line} on; nothing ran.`, line);
  }
  const hashes = await hashTools(options.tools);
  if (hashes.manifest !== state.toolsHash) return changedTools(body, hashes.each);
  const decisions = readDecisions(options.decisions, state.pending);
  if (!(await settings.store.claim(state.id, Math.max(0, state.expiresAt - Date.now()) + CLAIM_MARGIN_MS))) {
    return refused("ContinuationRefused", "The continuation was refused: it was already resumed.");
  }
  const seed = body.record.seed;
  return { state, body, run: { runId: state.runId, seed, replay: body.record, usedMs: state.usedMs, decisions } };
}

function refused(kind: ExecutionErrorKind, message: string, line: number | null = null): ExecutionResult {
  return failedResult({ kind, message, line, column: null });
}

/** ResumeDiverged for a tool set that changed since the pause, naming the called tools that changed. */
function changedTools(body: ContinuationBody, now: ReadonlyMap<string, string>): ExecutionResult {
  const changed = Object.keys(body.tools).filter((name) => now.get(name) !== body.tools[name]);
  const first = changed.length > 0 ? body.record.calls.find((call) => call.kind === "tool" && changed.includes(call.name)) : undefined;
  const named = changed.length > 0 ? `${changed.join(", ")} changed or went away` : "tools the run did not call changed";
  return refused("ResumeDiverged", `The tools differ from those the run paused with (${named}); nothing ran.`, first?.line ?? null);
}

function firstDifferentLine(before: string, after: string): number {
  const left = before.split("\n");
  const right = after.split("\n");
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index++;
  return index + 1;
}

/** Checks `decisions` against the calls the continuation waits on; each becomes what the script will receive. */
function readDecisions(
  decisions: Readonly<Record<string, ApprovalDecision>>,
  pending: readonly { callId: string; tool: string }[],
): Map<string, CallError | null> {
  if (typeof decisions !== "object" || decisions === null || Array.isArray(decisions)) {
    throw invalid("resume: decisions must be an object of call ids to true, false or { approved, reason }.", "decisions");
  }
  const tools = new Map(pending.map((call) => [call.callId, call.tool]));
  const read = new Map<string, CallError | null>();
  for (const [callId, decision] of Object.entries(decisions)) {
    const tool = tools.get(callId);
    if (tool === undefined) {
      const waiting = pending.map((call) => call.callId).join(", ");
      throw new CodeModeError("INVALID_OPTIONS", `resume: the run does not wait on a call "${callId}" (it waits on ${waiting}).`, {
        details: { option: "decisions", callId },
      });
    }
    const clear = typeof decision === "boolean" || (typeof decision === "object" && decision !== null && typeof decision.approved === "boolean");
    if (!clear) {
      throw new CodeModeError("INVALID_OPTIONS", `resume: the decision for "${callId}" must be true, false or { approved, reason }.`, {
        details: { option: "decisions", callId },
      });
    }
    read.set(callId, readDecision(tool, decision));
  }
  return read;
}
