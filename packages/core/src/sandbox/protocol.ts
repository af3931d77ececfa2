import type { MessagePort } from "node:worker_threads";
import type { RunOutcome, RunRecord } from "../envelopes/index.js";

export type { RunOutcome };

// The two protocols of the sandbox, in one place: the messages between the pool (main thread) and a sandbox worker,
// and the calls the guest's JavaScript makes to the worker through its one native function, `host(kind, ...)`. Only
// plain data crosses: strings, numbers and arrays of them; the guest's values cross as JSON text made inside the guest.

/**
 * Pages (64 KiB) the engine needs before any script allocates: the module's declared minimum memory. The host sizes
 * a worker's memory from it; the worker reads growth past it as the script's own.
 */
export const ENGINE_BASELINE_PAGES = 256;

/** Slots of the Int32Array over the shared buffer each worker gets. */
export const SIGNAL = {
  /** Bumped by the host after posting a run or replies, so a worker blocked in Atomics.wait wakes. */
  wake: 0,
  /**
   * The id of a run whose calls wait for a person's approval, 0 when none: while it is set the worker does not count
   * the time it waits against the run's deadline (the host wakes the worker when it changes).
   */
  held: 1,
  /**
   * Set by the host when it starts preparing a run for an idle worker, with a wake-up: the worker's wake-up (~120 µs
   * here) then overlaps the host's preparation, and the worker waits for the run a little before sleeping again.
   */
  soon: 2,
  /**
   * The ids of runs the host wants stopped (cancelled), in CANCELLED_RUNS slots from this one written in turn: a run
   * cancelled while posted behind another must still be known as cancelled when the worker comes to it, after other
   * cancels. Polled by the interrupt handler and checked before a run starts.
   */
  cancel: 3,
} as const;

/**
 * How many cancelled runs a worker is told of at once: more than the runs one worker ever holds (the one it runs and
 * those posted behind it), so no cancel is overwritten before the worker could see it.
 */
export const CANCELLED_RUNS = 8;

/** The length of the Int32Array over a worker's shared buffer. */
export const SIGNAL_SLOTS = SIGNAL.cancel + CANCELLED_RUNS;

/** Whether the host has cancelled run `runId`: one of the cancel slots of a worker's shared flags names it. */
export function isCancelled(flags: Int32Array, runId: number): boolean {
  for (let slot = SIGNAL.cancel; slot < SIGNAL_SLOTS; slot++) if (Atomics.load(flags, slot) === runId) return true;
  return false;
}

/** Everything a worker needs once, sent as its first message. */
export interface WorkerInit {
  type: "init";
  wasmModule: WebAssembly.Module;
  /** Total pages of the module's capped linear memory: the engine's baseline plus `memoryBytes`. */
  initialPages: number;
  maximumPages: number;
  /** The shared flags (SIGNAL): absent in a browser page that is not cross-origin isolated, which has no shared memory. */
  signal?: SharedArrayBuffer;
  /**
   * Where the host writes runs and call replies for a Web Worker in a cross-origin isolated page, which reads them as
   * it blocks in Atomics.wait (see createMailboxReader).
   */
  mailbox?: SharedArrayBuffer;
  /** The port the host posts runs and call replies on; a worker thread reads it with receiveMessageOnPort. */
  replyPort?: MessagePort;
  /** Guest JavaScript: an expression that evaluates to `(value) => string`, the JSON text of a returned value. */
  serializerSource: string;
  /** A worker for sessions: each realm it makes ahead gets the session state piece too (see prepareStatePiece). */
  sessions?: true;
}

/** The limits a worker enforces itself. */
export interface RunLimits {
  timeoutMs: number;
  memoryBytes: number;
  maxStackBytes: number;
  maxHostCalls: number;
  maxLogLines: number;
  maxLogLineBytes: number;
  maxOutputBytes: number;
  maxArgumentBytes: number;
  maxTotalArgumentBytes: number;
}

/** Host to worker: run one prepared program. */
export interface RunRequest {
  type: "run";
  id: number;
  source: string;
  fileName: string;
  limits: RunLimits;
  /** Whether the script gets the `catalog` global. */
  search: boolean;
  /** Whether the script gets the `files` global (a workspace is configured). */
  files?: boolean;
  /** Whether the script gets the `resources` global (a resource source is configured). */
  resources?: boolean;
  /** JSON text of the script's global `args`; absent means `[]`. */
  args?: string;
  /** The script's globals that are the run's own tools or namespaces (ExecuteOptions.globals). */
  globals?: readonly string[];
  /** "value": tool calls resolve to their data and reject with the guest's `ToolCallError`; absent means envelopes. */
  callStyle?: "value";
  /** Part of a session: where the run starts from, and what the worker does with the realm afterwards. */
  session?: SessionRun;
  /**
   * A run that may pause (pause mode): the worker records every call, delivery and clock reading, and the script's
   * `Date` and `Math.random` read the worker's clock and this seed. With `replay`, a resumed run: the recorded calls
   * are answered from the record, in its delivery groups, and only the calls past it reach the host.
   */
  record?: RunRecording;
  /**
   * Someone listens to the run's events: console lines go to the host as they are written (a few at a time, at
   * least every LIVE_LOG_FLUSH_MS) rather than only with call batches and the outcome.
   */
  live?: true;
}

/** How often, at most, a live run's console lines wait before they go to the host. */
export const LIVE_LOG_FLUSH_MS = 50;

/** How many console lines a live run sends at most in one message. */
export const LIVE_LOG_BATCH_LINES = 256;

/** How a run that may pause records, and what it replays. */
export interface RunRecording {
  seed: number[];
  replay?: RunRecord;
  /** Time the replay may take without counting against `timeoutMs`: the earlier runs' own time. */
  creditMs?: number;
}

/**
 * A session's run. A worker holds at most one session's realm; it runs only that session's runs while it does (the
 * host moves it to another session with `fresh`).
 */
export interface SessionRun {
  /**
   * Start from a fresh realm, dropping the one this worker kept, and restore `restore` into it when given (the state
   * a run wrote, see SESSION_STATE_SOURCE); otherwise the run goes on in the realm the worker kept.
   */
  fresh: boolean;
  restore?: string;
  /** Write the state after the script, at most this many characters of JSON text; the outcome carries it as `session`. */
  save?: number;
  /** Keep the realm, with the script's globals, for the session's next run; false tears it down. */
  keep: boolean;
}

/**
 * The globals the sandbox defines in every realm (some only with an option): a session's state never holds them,
 * and a script's declaration of one stays local to its run.
 */
export const SANDBOX_GLOBALS: readonly string[] = ["tools", "catalog", "console", "args", "files", "resources", "ToolCallError"];

/** One host call the guest made; tool and catalog calls get a reply, notes do not. */
export type HostCallRequest =
  | {
      kind: "tool" | "catalog" | "files" | "resources";
      callId: number;
      name: string;
      args: string;
      stack: string;
      /** A tool call that asked for its content blocks (`{ content: true }`). */
      content?: true;
    }
  /**
   * A call the worker answered itself (arguments that are not JSON, a name no tool has, arguments past their limit,
   * host calls used up): the host only records it.
   */
  | { kind: "note"; callId: number; name: string; code: "invalid_arguments" | "limit_exceeded" | "not_found"; message: string };

/** Worker to host: calls made since the last message, and log lines written meanwhile. */
export interface CallBatch {
  type: "calls";
  id: number;
  calls: HostCallRequest[];
  /** Log lines written since the last message, so a worker killed later still leaves them behind. */
  logs: string[];
  /** A live run's count of lines dropped past `maxLogLines` so far. */
  dropped?: number;
}

/** Host to worker (on the reply port): envelopes as JSON text. `bytes` marks envelopes holding encoded bytes. */
export interface ReplyBatch {
  type: "replies";
  id: number;
  /**
   * `paused` marks a call that waits for a person's decision (pause mode): it gets no envelope in this run, and the
   * run pauses once every call it still waits on is such a call.
   */
  replies: { callId: number; envelope: string; bytes: boolean; paused?: true }[];
}

/** Worker to host: the run is over (its teardown may still be going on). `retire` asks the pool to replace this worker. */
export interface RunDone {
  type: "done";
  id: number;
  outcome: RunOutcome;
  retire: boolean;
}

/** Worker to host: the worker's module is instantiated and it takes runs. */
export interface WorkerReady {
  type: "ready";
}

/** Worker to host: tearing down the last run failed, so this worker runs nothing more; replace it. */
export interface WorkerRetired {
  type: "retired";
}

/**
 * Worker to host: runs posted to this worker that it has not started, handed back because the running run waits for
 * a person's approval; the host gives them to another worker.
 */
export interface RunsReturned {
  type: "returned";
  ids: number[];
}

/** Every message a worker posts to the host. */
export type WorkerMessage = CallBatch | RunDone | WorkerReady | WorkerRetired | RunsReturned;

/**
 * What each kind of `host(kind, ...)` call takes and answers: the guest's one native function, answered by the
 * worker (GuestBridge). Tool, catalog and files calls answer with the call's id, whose envelope arrives later through
 * the tools piece's `deliver`, or, for a call refused at once (past the host-call limit), with the envelope's JSON
 * text.
 */
export interface GuestHostCalls {
  /** `options` is given, as `"content"`, only when the call asked for its content blocks. */
  tool: { args: [name: string, args: string, stack: string | undefined, options?: "content"]; returns: number | string };
  catalog: { args: [name: string, args: string, stack: string | undefined, options?: "content"]; returns: number | string };
  files: { args: [name: string, args: string, stack: string | undefined, options?: "content"]; returns: number | string };
  resources: { args: [name: string, args: string, stack: string | undefined, options?: "content"]; returns: number | string };
  /** A call whose arguments are not JSON: the worker records it and answers with the refusal's envelope text. */
  invalid: { args: [name: string, message: string, stack: string | undefined]; returns: string };
  /** The clock a recorded run reads, in milliseconds since the epoch (replayed from the record when resumed). */
  now: { args: []; returns: number };
  /** A console line. */
  log: { args: [line: string]; returns: undefined };
  /** A value's JSON text, as the result serialiser writes it, for a console line. */
  show: { args: [value: unknown]; returns: string };
  /** Bytes a reply carried as base64, as an ArrayBuffer. */
  bytes: { args: [base64: string]; returns: ArrayBuffer };
  /** An ArrayBuffer's bytes as base64, for a file a script writes. */
  encode: { args: [buffer: ArrayBufferLike]; returns: string };
}

/** The operations of each namespace a script may have besides `tools`: the guest defines them, the host answers them. */
export const NAMESPACE_OPERATIONS = {
  catalog: ["search", "list", "count", "describe", "toolkits"],
  files: ["read", "write", "list", "remove"],
  resources: ["list", "read"],
} as const;

/** The kinds of `host(kind, ...)` call. */
export type GuestHostKind = keyof GuestHostCalls;

/** The guest's native `host` function, as the guest pieces call it. */
export type GuestHost = <Kind extends GuestHostKind>(kind: Kind, ...args: GuestHostCalls[Kind]["args"]) => GuestHostCalls[Kind]["returns"];
