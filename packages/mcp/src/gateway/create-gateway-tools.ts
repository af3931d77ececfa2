import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  describeExecutionEvent,
  EXECUTION_RESULT_SCHEMA,
  formatExecutionResult,
  isCodeModeError,
  toErrorData,
  type ApprovalDecision,
  type ApprovalRequest,
  type CodeMode,
  type ExecuteOptions,
  type ExecutionEventListener,
  type ExecutionResult,
} from "@codemode/core";
import type { TrackExecution } from "../operate/index.js";
import type { QuotaGrant } from "../quotas/index.js";
import { withDeclined, type CallerAnswer, type CallerQuestion, type GatewayCallContext, type UpstreamCaller } from "../tools/index.js";
import { linkAbort } from "../upstream/index.js";
import { callerScope, quotaRefusal } from "./caller-scope.js";
import { executeToolInputSchema, SEARCH_INPUT_SCHEMA, SEARCH_RESULT_SCHEMA } from "./gateway-tool-schemas.js";
import { renderSearchPage } from "./render-search-page.js";
import { parseExecuteArguments, parseSearchArguments } from "./parse-gateway-arguments.js";
import { searchTools } from "./search-tools.js";
import { withUnlistedUpstreams } from "./start-named-upstreams.js";

/** Options of {@link createGatewayServer} and of the tools it serves. */
export interface CreateGatewayServerOptions {
  codeMode: CodeMode;
  /** The execute tool's name. */
  executeName: string;
  /** The search tool's name, or false for execute-only mode. */
  searchName: string | false;
  /** The caller's allowlist; absent means every tool. */
  allow?: readonly string[];
  version: string;
  /**
   * Present when sessions are on: the caller's identity, which owns the sessions its executions start and must match
   * to resume one. `execute` then takes a `sessionId`.
   */
  sessionOwner?: string;
  /** Runs each execution through the gateway's metrics, audit log and shutdown. */
  track?: TrackExecution;
  /**
   * Who the caller is, the owner of every run it starts: its workspace folder is its own unless shared, and a run that
   * paused at an approval (callers that answer by retrying) resumes only for it. Default `""`.
   */
  owner?: string;
  /**
   * Waits for the upstreams whose tools are not known yet (still starting), within their call timeout; resolves to a
   * note for each one that did not come, which the search results then carry.
   */
  awaitCatalog?: (signal: AbortSignal) => Promise<string[]>;
  /** Whether some upstream's tools are not known yet: the tool list (the execute tool's description) will change. */
  catalogPending?: () => boolean;
  /** Told each time a client has been given the tool list. */
  onList?: () => void;
  /**
   * Before each script runs: lists the tools of the upstreams it names that are not known yet (see
   * startNamedUpstreams); resolves to a note for each that did not come, which the result's diagnostics carry.
   */
  beforeRun?: (code: string, signal: AbortSignal) => Promise<string[]>;
}

/** What one `tools/call` request gives the tools, whichever protocol era carried it. */
export interface GatewayToolCall {
  signal: AbortSignal;
  /** Asks the caller to approve an upstream call. */
  askApproval: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /**
   * Asks the caller a question an upstream raised (elicitation, sampling); rejects, saying why, when it cannot be
   * asked. Absent: nobody can be asked.
   */
  ask?: (question: CallerQuestion, signal: AbortSignal) => Promise<CallerAnswer>;
  /** Passes on an upstream's log message (`notifications/message` params) to the caller. */
  log?: UpstreamCaller["log"];
  /**
   * Present when the caller sent a progress token: tells it that a call of the script started or finished, that the
   * run waits for a person's approval, and an upstream's own progress on a call.
   */
  reportProgress?: (progress: number, message: string) => void;
  /** Present when the caller asked for log messages at `info` or below: passes on each console line of the script. */
  logConsole?: (line: string) => void;
}

/** The gateway's `execute` and `search` tools, independent of the MCP SDK and protocol era that serve them. */
export interface GatewayTools {
  list(): Tool[];
  /**
   * Runs one tool; an unknown tool throws a JSON-RPC invalid-params `McpError`, and bad arguments are a tool error
   * (`isError`) the model can correct, as MCP 2025-11-25 asks.
   */
  call(name: string, args: unknown, call: GatewayToolCall): Promise<CallToolResult>;
  /**
   * Runs `execute` with approvals that pause: a call that needs approval ends the run, and the result's
   * structuredContent is then the paused ExecutionResult (`pending`, `continuation`), for the server to turn into
   * its protocol's question. Scripts in a session run as `call` runs them.
   */
  executeUntilPause(args: unknown, call: GatewayToolCall): Promise<CallToolResult>;
  /** Resumes a paused `execute` with the caller's decisions; it may pause again. */
  resume(args: unknown, continuation: string, decisions: Record<string, ApprovalDecision>, call: GatewayToolCall): Promise<CallToolResult>;
}

/** Makes the tools one client sees: `execute` and `search` over the shared code mode, filtered by `allow`. */
export function createGatewayTools(options: CreateGatewayServerOptions): GatewayTools {
  const { codeMode, executeName, searchName, allow } = options;
  const scope = allow ? { allow } : {};
  const owner = options.owner ?? "";

  function list(): Tool[] {
    queueMicrotask(() => options.onList?.());
    const tools: Tool[] = [
      {
        name: executeName,
        description: codeMode.prompt(scope),
        inputSchema: executeToolInputSchema(options.sessionOwner !== undefined) as Tool["inputSchema"],
        outputSchema: EXECUTION_RESULT_SCHEMA as Tool["outputSchema"],
        annotations: { title: "Run a script against the tools", openWorldHint: true },
      },
    ];
    if (searchName !== false) {
      tools.push({
        name: searchName,
        description:
          "Find the tools a script can call. Returns each tool's path (tools.<server>.<tool>), signature and description; detail_level \"full\" adds its JSON Schemas.",
        inputSchema: SEARCH_INPUT_SCHEMA as unknown as Tool["inputSchema"],
        outputSchema: SEARCH_RESULT_SCHEMA as unknown as Tool["outputSchema"],
        annotations: { title: "Search the tools", readOnlyHint: true, openWorldHint: false },
      });
    }
    return tools;
  }

  async function call(name: string, args: unknown, toolCall: GatewayToolCall): Promise<CallToolResult> {
    if (name === executeName) return execute(args, toolCall, waiting);
    if (searchName !== false && name === searchName) {
      try {
        const parsed = parseSearchArguments(searchName, args);
        const notes = (await options.awaitCatalog?.(toolCall.signal)) ?? [];
        const page = await searchTools(codeMode, parsed, scope);
        const text = [renderSearchPage(page), ...notes].join("\n");
        return { content: [{ type: "text", text }], structuredContent: { ...page, ...(notes.length > 0 ? { notes } : {}) } };
      } catch (error) {
        return toolError(toErrorData(error).message);
      }
    }
    // -32602 as the MCP spec asks for an unknown tool (docs/decisions: unknown tool error code).
    throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found.`);
  }

  /** Runs `execute`: `start` runs the script (or resumes a paused one) with the execution's context and scope. */
  async function execute(
    args: unknown,
    { signal, askApproval, ask, log, reportProgress, logConsole }: GatewayToolCall,
    start: (code: string, sessionId: string | undefined, run: Omit<ExecuteOptions, "signal"> & { signal?: AbortSignal }) => Promise<ExecutionResult>,
  ): Promise<CallToolResult> {
    let parsed: ReturnType<typeof parseExecuteArguments>;
    try {
      parsed = parseExecuteArguments(executeName, args, options.sessionOwner !== undefined);
    } catch (error) {
      if (isCodeModeError(error) && error.code === "INVALID_ARGUMENTS") return toolError(error.message);
      throw error;
    }
    const { code, sessionId } = parsed;
    // One caller object per execution: upstreams tell executions apart by it.
    const declined: string[] = [];
    const caller: UpstreamCaller = { ...(ask ? { ask } : {}), ...(log ? { log } : {}), onDeclined: (message) => declined.push(message) };
    const context: GatewayCallContext = { askApproval, caller };
    // One count for every kind of news, as progress must grow with every notification on the same token.
    let news = 0;
    const progress = reportProgress && ((message: string) => reportProgress(++news, message));
    if (progress) {
      context.onUpstreamProgress = (tool, update) => {
        const done = update.total === undefined ? `${update.progress}` : `${update.progress}/${update.total}`;
        progress(`${tool}: ${update.message ?? done}`);
      };
    }
    const told = progress || logConsole ? toldToCaller(progress, logConsole) : undefined;
    // Over HTTP the run holds its caller's quota slot until it has ended, and ends when its caller goes away.
    const http = callerScope();
    let grant: QuotaGrant | undefined;
    try {
      grant = await http?.admit();
    } catch (error) {
      if (isCodeModeError(error) && error.code === "LIMIT_EXCEEDED") return quotaRefusal(error);
      throw error;
    }
    const run = linkAbort([signal, http?.gone]);
    const track = options.track ?? ((execution, go) => go({ signal: execution.signal, ...(execution.onEvent ? { onEvent: execution.onEvent } : {}) }));
    let result: ExecutionResult;
    try {
      const unlisted = (await options.beforeRun?.(code, run.signal)) ?? [];
      const ran = await track({ code, signal: run.signal, onEvent: told }, (tracked) => start(code, sessionId, { ...tracked, context, ...scope, owner }));
      result = withUnlistedUpstreams(withDeclined(ran, declined), unlisted);
    } finally {
      run.unlink();
      grant?.release();
    }
    return {
      content: [{ type: "text", text: formatExecutionResult(result) }],
      structuredContent: { ...result },
      isError: result.status === "failed",
      // What was dropped to fit maxOutputBytes, for clients that read only _meta.
      ...(result.truncation ? { _meta: { "codemode/truncation": { ...result.truncation } } } : {}),
    };
  }

  const waiting = (code: string, sessionId: string | undefined, run: ExecuteOptions) =>
    codeMode.execute(code, { ...run, ...(sessionId === undefined ? {} : { sessionId, owner: options.sessionOwner }) });

  return {
    list,
    call,
    executeUntilPause(args, toolCall) {
      return execute(args, toolCall, (code, sessionId, run) =>
        // A session's run keeps its worker and state between calls, so it waits for its answers in this process.
        sessionId === undefined ? codeMode.execute(code, { ...run, owner, approvals: "pause" }) : waiting(code, sessionId, run),
      );
    },
    resume(args, continuation, decisions, toolCall) {
      // The allowlist and the tools are bound into the continuation; the caller's signal and context are this request's.
      return execute(args, toolCall, (_code, _sessionId, { signal, context, onEvent }) =>
        codeMode.resume(continuation, { decisions, owner, context, ...(signal ? { signal } : {}), ...(onEvent ? { onEvent } : {}) }),
      );
    },
  };
}

/**
 * A run's events as the MCP caller hears them: a progress notification when a call starts, when it finishes and when
 * the run waits for a person; a log message for each console line.
 */
function toldToCaller(progress: ((message: string) => void) | undefined, logConsole: ((line: string) => void) | undefined): ExecutionEventListener {
  return (event) => {
    if (event.type === "logs") {
      if (logConsole) for (const line of event.lines) logConsole(line);
    } else if (event.type === "tool-call-start" || event.type === "tool-call-end" || event.type === "approval-asked") {
      progress?.(describeExecutionEvent(event)!);
    }
  };
}

/** A tool error as the model reads it: the call's own result, with `isError`, rather than a protocol error. */
function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
