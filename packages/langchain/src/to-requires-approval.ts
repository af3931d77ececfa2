import { CodeModeError, createAllowFilter, type ToolDefinition } from "@codemode/core";
import type { ToolCall } from "@langchain/core/messages";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import type { LangChainTool } from "./langchain-tool.js";

/** What an {@link InterruptOnRule}'s `when` receives: the call as a LangChain tool call, the tool, and the run's config. */
export interface InterruptOnRequest {
  /** The call with the tool's own (LangChain) name and the script's arguments; its id is the call's `callId`. */
  toolCall: ToolCall;
  tool: LangChainTool;
  /** The config of the `execute` run the script belongs to (tags, metadata, `configurable`). */
  config: ToolRunnableConfig;
}

/** The per-tool entry of {@link InterruptOnOption} when some calls need approval and others do not. */
export interface InterruptOnRule {
  /** Asks for approval only when this returns `true`; like the middleware's `when`, it reads `request.toolCall.args`. */
  when?: (request: InterruptOnRequest) => boolean | PromiseLike<boolean>;
}

/**
 * Which tools' calls wait for the code mode's `approve`, keyed like `humanInTheLoopMiddleware`'s `interruptOn`:
 * `true` (or a rule) asks, `false` does not. A key is the tool's LangChain name (`refund`) or its script name
 * (`billing.refund`), and `*` stands for any run of characters (`billing.*`).
 */
export type InterruptOnOption = Readonly<Record<string, boolean | InterruptOnRule>>;

/** A tool as it will be named in scripts. */
export interface NamedTool {
  tool: LangChainTool;
  /** `namespace.name`, as scripts call it. */
  name: string;
}

/**
 * The `requiresApproval` of each tool, in order. An exact key wins over patterns, and among patterns the first one
 * written that matches decides. Throws when a key that asks matches no tool: a typo would let its calls run unasked.
 */
export function toRequiresApproval(
  tools: readonly NamedTool[],
  interruptOn: InterruptOnOption = {},
): ToolDefinition["requiresApproval"][] {
  const keys = Object.keys(interruptOn);
  const patterns = keys.filter((key) => key.includes("*")).map((key) => ({ key, matches: createAllowFilter([key]) }));
  const names = tools.flatMap(({ tool, name }) => [tool.name, name]);
  const unmatched = keys.filter((key) => interruptOn[key] !== false && !names.some(createAllowFilter([key])));
  if (unmatched.length > 0) {
    const list = unmatched.map((key) => `"${key}"`).join(", ");
    const message = `interruptOn names ${list}, which no tool matches; a misspelt key would let calls run without approval.`;
    throw new CodeModeError("INVALID_OPTIONS", message, { details: { unmatched } });
  }
  return tools.map(({ tool, name }) => {
    const key =
      [tool.name, name].find((candidate) => Object.hasOwn(interruptOn, candidate)) ??
      patterns.find(({ matches }) => matches(tool.name) || matches(name))?.key;
    return key === undefined ? undefined : toRule(tool, interruptOn[key]!);
  });
}

function toRule(tool: LangChainTool, entry: boolean | InterruptOnRule): ToolDefinition["requiresApproval"] {
  if (entry === false) return undefined;
  const when = entry === true ? undefined : entry.when;
  if (when === undefined) return true;
  return async (args, { callId, context }) => {
    const toolCall: ToolCall = { type: "tool_call", id: callId, name: tool.name, args: args as Record<string, unknown> };
    return (await when({ toolCall, tool, config: (context ?? {}) as ToolRunnableConfig })) === true;
  };
}
