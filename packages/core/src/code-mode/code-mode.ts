import type { ApprovalDecision, Approver, ContinuationStore } from "../approval/index.js";
import type { CallStyle, CatalogItem, CatalogOptions, CatalogPage, ToolDescription } from "../catalog/index.js";
import type { ExecutionLimits } from "../limits/index.js";
import type { ToolDefinition } from "../tools/index.js";
import type { SessionInfo, SessionOptions } from "../session/index.js";
import type { WorkspaceOptions } from "../workspace/index.js";
import type { ResourceSource } from "../resources/index.js";
import type { CheckResult, ExecutionResult } from "../envelopes/index.js";
import type { ExecutionEventListener, ToolCallHooks, TraceOptions } from "../sandbox/index.js";
import type { EngineKind } from "../platform/index.js";

/** Options of {@link createCodeMode}. */
export interface CreateCodeModeOptions extends ToolCallHooks {
  /** The host tools scripts can call. */
  tools?: readonly ToolDefinition[];
  /**
   * Asked when a script calls a tool the tool set lacks (and the allowlist admits), before the call fails with
   * `not_found`: a host whose tools arrive late, such as a gateway whose upstream is still starting, resolves to the
   * tool's definition once it knows it, or throws the error the call should fail with (a `CodeModeError`
   * `UNAVAILABLE` for a server that is down). Undefined keeps `not_found`. `signal` aborts when the run ends.
   */
  findTool?: (name: string, options: { signal: AbortSignal }) => Promise<ToolDefinition | undefined>;
  /** Limits of every execution; an absent or 0 limit takes its default (DEFAULT_LIMITS). */
  limits?: Partial<ExecutionLimits>;
  /**
   * Where scripts run. `"workers"` (the default where the runtime has threads: Node.js, Bun, Deno, browsers): a pool
   * of worker threads or Web Workers, each of which the host can stop at any time. `"in-process"` (the only one on
   * Cloudflare Workers and other thread-less hosts): engines on the host's own thread, cheaper to start and to call
   * tools from, but a long built-in call cannot be stopped and runs take turns. See docs/isolation.md.
   */
  engine?: EngineKind;
  /**
   * Engines that run scripts at once. Default: the CPUs the runtime reports for `"workers"`, 2 for `"in-process"`
   * (each in-process engine holds its own capped memory).
   */
  poolSize?: number;
  /** Search and prompt settings. */
  catalog?: CatalogOptions;
  /** Whether scripts get the `catalog` global. Default true; false is execute-only mode. */
  search?: boolean;
  /**
   * What `tools.*` resolve to. "envelope" (default): `{ ok, data | error }`, never throwing. "value": the data itself,
   * and a failed call throws a `ToolCallError` (`code`, `retryable`, `tool`) that, uncaught, fails the run with
   * `ToolCallFailed` listing every call made. Catalog calls are envelopes in both. Declarations and prompt follow it.
   */
  callStyle?: CallStyle;
  /**
   * What the model is given. "result" (default): the returned value. "printed": only what the script printed, as one
   * string in `result` (console lines joined by newlines); a returned value is ignored, with a diagnostic.
   */
  output?: "result" | "printed";
  /** Arguments and result summaries in each ToolCallRecord; off by default. */
  trace?: TraceOptions;
  /**
   * Whether scripts are checked against the declarations the model is shown before they run (see docs/checking.md):
   * an unknown tool, a missing, extra or wrongly typed argument, a value outside an enum, a positional argument, a
   * namespace called, a field the tool's `outputSchema` rules out. "refuse" (default): a script with a fault does not
   * run (`CheckFailed`, every fault in `diagnostics`, no tool called). "warn": it runs, and the faults come back in
   * `diagnostics`. "off": no check.
   */
  check?: "refuse" | "warn" | "off";
  /**
   * A folder scripts may read and write through the `files` global (`read`, `write`, `list`, `remove`, each resolving
   * to an envelope and counted as a host call). Off by default: without it scripts have no `files`. Each owner
   * (`ExecuteOptions.owner`) gets a folder of its own inside `dir` unless `shared` is true. No path leaves the folder
   * (no `..`, no absolute paths, no symbolic links out); files are capped at `maxFileBytes` (8 MiB) and the folder
   * at `maxTotalBytes` (64 MiB).
   */
  workspace?: WorkspaceOptions;
  /**
   * Where the script's `resources` global reads from (`resources.list({ namespace? })`, `resources.read({ namespace,
   * uri })`, each resolving to an envelope and counted as a host call), such as a gateway's upstream MCP resources.
   * Off by default. A caller sees a resource only when its allowlist admits it: `<namespace>.*` all of a namespace,
   * `<namespace>.resource:<uri>` that URI exactly, `<namespace>.resource:<prefix>*` the URIs under a prefix (tool
   * globs such as `*.read_*` admit no resource); answers are capped at `maxToolResultBytes`.
   */
  resources?: ResourceSource;
  /**
   * Opt-in sessions: an execution given `sessionId` keeps its top-level variables for the next execution of the same
   * session: live in a worker while hot, a snapshot in `sessions.store` once it hibernates. Off by default: every
   * execution starts from a fresh state. See docs/sessions.md.
   */
  sessions?: SessionOptions;
  /**
   * Asked before every call of a tool with `requiresApproval`, with the tool, its validated arguments, the
   * execution's `context` and a signal that fires when the answer is no longer wanted. `true` runs the call; `false`
   * (or throwing) gives the script `access_denied`. Without it such calls are denied. Waiting does not count against
   * `timeoutMs`; `approvalTimeoutMs` bounds it. In pause mode (`approvals`) only a synchronous answer decides; any
   * other pauses the run.
   */
  approve?: Approver;
  /**
   * How calls that need approval wait for their answer. Absent (or `mode: "block"`): the run and its worker wait
   * for `approve`. `mode: "pause"`: a call `approve` cannot decide at once ends the run as `paused`, with the calls
   * `pending` and a signed `continuation` that `resume` takes, in this process or another. With a `secret`, each
   * execution may choose otherwise (`ExecuteOptions.approvals`). See docs/approvals.md.
   */
  approvals?: ApprovalOptions;
}

/** Options of {@link CreateCodeModeOptions.approvals}. */
export interface ApprovalOptions {
  /**
   * How executions wait unless they choose (`ExecuteOptions.approvals`): `"block"` (default) waits for `approve`;
   * `"pause"` ends the run and resumes it when a person has decided.
   */
  mode?: "block" | "pause";
  /**
   * The HMAC-SHA256 key that signs continuations: required to pause, and the same in every process that resumes. A
   * function is read at each pause and resume, for a key known only once the process has started (a shared one).
   */
  secret?: string | Uint8Array | (() => string | Uint8Array);
  /**
   * Where continuations past `maxInlineBytes` keep their record, and which continuations were resumed. Default: one
   * memory store per process, shared by its code modes; pass a shared one (Redis) to resume in another process.
   */
  store?: ContinuationStore;
  /** How long a continuation can be resumed. Default 24 hours. */
  ttlMs?: number;
  /**
   * The largest record (script and recorded results, as JSON) a continuation carries itself; past it the store keeps
   * it. Default 32 KiB, less when `maxOutputBytes` leaves no room for it.
   */
  maxInlineBytes?: number;
}

/** Options of {@link CodeMode.resume}. */
export interface ResumeOptions {
  /** The person's answer for each pending call, by `callId`; a pending call left out may pause the run again. */
  decisions: Readonly<Record<string, ApprovalDecision>>;
  /** Who is asking: it must be the owner the paused run had (its `owner`, default `""`). */
  owner: string;
  /** Aborting it stops the resumed run, as for `execute`. */
  signal?: AbortSignal;
  /** Passed to every tool's `execute` as `context.context` in the resumed run. */
  context?: unknown;
  /** The script as the caller kept it, if it did: a script that differs from the paused one fails with ResumeDiverged. */
  code?: string;
  /** Attributes added to the resumed run's `codemode.execute` span. */
  traceAttributes?: Readonly<Record<string, string | number | boolean>>;
  /** Receives the resumed run's events as they happen, as for `execute`. */
  onEvent?: ExecutionEventListener;
}

/** Options of one execution. */
export interface ExecuteOptions {
  /** Aborting it stops the script and cancels its tool calls; the result fails with `Cancelled`. */
  signal?: AbortSignal;
  /**
   * The caller's allowlist of tool-name patterns (`billing.*`); every other tool is invisible to this execution. It
   * also names the resources the caller may read (see `CreateCodeModeOptions.resources`).
   */
  allow?: readonly string[];
  /** Passed to every tool's `execute` as `context.context`, for example a framework's own call options. */
  context?: unknown;
  /**
   * Any JSON value the script reads as its global `args`, deeply frozen (for example a CLI's arguments after `--`).
   * Default `[]`. A value that is not JSON, or whose JSON is larger than `maxCodeBytes`, throws INVALID_OPTIONS.
   */
  args?: unknown;
  /**
   * Tools of this execution alone, each a global of the script: a flat tool is a function (`external_search(args)`),
   * a namespaced one a member of its namespace's object (`crm.get_customer(args)`), called as under `tools` (where
   * they are too), in the code mode's call style. Each call runs this execution's own `execute`, so a host can pass
   * closures over one run (a framework's per-run functions); the names, descriptions and schemas of a set of globals
   * are registered once and kept for the next runs that give the same. The allowlist does not hide them. A script may
   * add its own members to a namespace's object, so the check leaves a member the tools lack to the run
   * (`not_found`). A name must be a JavaScript identifier the sandbox does not hold (`tools`, `console`, `Object`,
   * ...); not with `sessionId` or pause mode. Anything else throws INVALID_OPTIONS.
   *
   * @example
   * await codeMode.execute("return (await crm.get_customer({ id: 'c-1' })).name;", {
   *   globals: [{ name: "crm.get_customer", description: "A customer by id.", execute: ({ id }) => customers.get(id) }],
   * });
   */
  globals?: readonly ToolDefinition[];
  /**
   * With `sessions` on: `"new"` starts a session, whose id the result carries; an id runs in that session, where the
   * script finds the top-level variables of its earlier runs. An unknown, expired or another owner's id fails with
   * `SessionNotFound`. Without `sessions` it throws INVALID_OPTIONS.
   */
  sessionId?: string;
  /**
   * Who is asking (an opaque string, such as a user or token id): a session runs only for the owner that started it,
   * a paused run resumes only for the owner it paused with, and the `files` of a workspace that is not shared open
   * the owner's own folder. Default `""`.
   */
  owner?: string;
  /** Attributes added to this execution's `codemode.execute` span when a tracer records it, such as a request id. */
  traceAttributes?: Readonly<Record<string, string | number | boolean>>;
  /**
   * Receives the run's events as they happen: each tool call's start and end, console lines (a few at a time, within
   * about 50 ms of being written), approvals asked and answered, and the end. Called synchronously and never awaited;
   * what it throws or rejects with is ignored, so no listener can fail, stall or change the run. Without it the run
   * builds no event at all.
   *
   * @example
   * await codeMode.execute(code, { onEvent: (event) => event.type === "logs" && console.log(event.lines.join("\n")) });
   */
  onEvent?: ExecutionEventListener;
  /**
   * How this execution's calls wait for approval, when the code mode has an `approvals.secret`: `"block"` waits for
   * `approve`, `"pause"` ends the run as `paused` for `resume`. Default: `approvals.mode`. `"pause"` without a secret,
   * or with `sessionId`, throws INVALID_OPTIONS.
   */
  approvals?: "block" | "pause";
}

/** What the shared worker pool is doing right now (runs in a session's own worker are not counted). */
export interface CodeModeStats {
  /** Executions running on a worker. */
  running: number;
  /** Executions waiting for a worker. */
  queued: number;
  /**
   * Browsers' Web Workers only: batches of tool-call replies written to the workers' shared memory so far. It grows in
   * a cross-origin isolated page, where a worker blocks in `Atomics.wait` for its replies as a worker thread does, and
   * stays 0 elsewhere, where replies travel as messages.
   */
  sharedMemoryReplies?: number;
}

/** Options of {@link CodeMode.endSession}. */
export interface EndSessionOptions {
  /** Who is asking: only the owner that started a session can end it. Default `""`. */
  owner?: string;
}

/** Who is asking, for the host-side catalog operations. */
export interface CatalogCallOptions {
  allow?: readonly string[];
}

/** The catalog as the host sees it: the same operations, arguments and data as the script's `catalog`. */
export interface HostCatalog {
  search(args: unknown, options?: CatalogCallOptions): Promise<CatalogPage<CatalogItem>>;
  list(args?: unknown, options?: CatalogCallOptions): CatalogPage<CatalogItem>;
  count(args?: unknown, options?: CatalogCallOptions): { total: number; namespaces: Record<string, number> };
  describe(args: unknown, options?: CatalogCallOptions): ToolDescription;
  toolkits(args?: unknown, options?: CatalogCallOptions): CatalogPage<{ name: string; tools: string[] }>;
}

/** A sandbox that runs model-written scripts against a set of host tools. */
export interface CodeMode {
  /** Runs one script. Never throws for anything the script does; the result says what happened. */
  execute(code: string, options?: ExecuteOptions): Promise<ExecutionResult>;
  /**
   * Goes on with a paused run (pause mode): the script runs again from the top, every call made before the pause
   * gets its recorded result without running again, the decided calls run (approved) or get `access_denied`, and
   * the run goes on; it may pause again. A refused continuation (tampered, another owner's, expired, already
   * resumed) fails with `ContinuationRefused`, a run that takes another path with `ResumeDiverged`; neither runs a
   * call twice. Without pause mode it throws INVALID_OPTIONS.
   *
   * @example
   * const paused = await codeMode.execute(code, { owner: user.id });
   * // ... later, in any process with the same tools and secret:
   * const result = await codeMode.resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: user.id });
   */
  resume(continuation: string, options: ResumeOptions): Promise<ExecutionResult>;
  readonly catalog: HostCatalog;
  /** The `declare const tools: {...}` TypeScript text for the tools a caller may use. */
  declarations(options?: CatalogCallOptions): string;
  /**
   * Checks a script against the declarations of the tools a caller may use, without running it: `{ ok, diagnostics }`,
   * each fault with its line and column in the script as given (code fences and TypeScript included) and, when one
   * fix is plain, a `suggestion`. Throws CHECK_UNAVAILABLE when the checker cannot start.
   *
   * @example
   * const { ok, diagnostics } = await codeMode.check("return tools.billing.list_invoice({});");
   * // ok: false; diagnostics[0].suggestion: "tools.billing.list_invoices"
   */
  check(code: string, options?: CatalogCallOptions): Promise<CheckResult>;
  /** The execute tool's description for the tools a caller may use. */
  prompt(options?: CatalogCallOptions & { tokenBudget?: number }): string;
  /** Replaces the tool set; executions already running keep the tools they started with. */
  setTools(tools: readonly ToolDefinition[]): void;
  /**
   * Ends a session before its time to live, for a host that knows the conversation is over: a run in flight in it
   * fails with `Cancelled` and has stopped before this resolves, the session leaves the store, and its id is then not
   * found. Resolves true
   * when it ended a session of `owner` (default `""`), false for an id that is unknown, expired, already ended or
   * another owner's (one answer for all) and after `close()`; without `sessions` it throws INVALID_OPTIONS.
   *
   * @example
   * await codeMode.endSession(result.sessionId!, { owner: user.id });
   */
  endSession(sessionId: string, options?: EndSessionOptions): Promise<boolean>;
  /**
   * The open sessions of `owner` (default `""`), most recently used first, each live in this process or hibernated:
   * for a console that shows them. A store without `list` lists none; without `sessions` it throws INVALID_OPTIONS.
   */
  listSessions(options?: EndSessionOptions): Promise<SessionInfo[]>;
  /** How many executions run and wait in the shared worker pool, for a host's metrics; cheap to call. */
  stats(): CodeModeStats;
  /** Stops the worker threads; later calls to `execute` throw CLOSED. */
  close(): Promise<void>;
}
