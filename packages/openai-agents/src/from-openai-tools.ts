import { createToolNamer, fromCallToolResult, isCallToolResult, type JsonSchema, type ToolDefinition } from "@codemode/core";
import { RunContext, type FunctionTool, type Tool } from "@openai/agents";

/** Where each tool goes: one namespace for all, or a map from tool name to namespace (others stay flat). */
export type NamespaceOption = string | Readonly<Record<string, string>>;

/** Options of {@link fromOpenAITools}. */
export interface FromOpenAIToolsOptions {
  /** Without it the tools are flat: the script calls `tools.<name>(args)`. */
  namespace?: NamespaceOption;
  /** Told about every tool that code mode leaves out, and why. */
  onWarning: (message: string) => void;
}

/** What the code-mode tool passes its inner tools as `context`: the run's context and the outer call's details. */
export interface OuterCall {
  runContext: RunContext<unknown>;
  details?: Parameters<FunctionTool["invoke"]>[2];
}

/**
 * Turns the SDK's function tools into the core's tool definitions, named by the core's tool-name rule. A call goes
 * through the tool's own `invoke` (its parsing, `errorFunction` and timeout) with the run's `RunContext` and a signal
 * of its own; the SDK runs tool guardrails in its runner, not in `invoke`, so they do not run for a script's calls.
 * `needsApproval` becomes `requiresApproval`, asked with the run's context and the call's id.
 * Hosted and other non-function tools are left out with a warning. A tool returning an MCP CallToolResult (see
 * `loadMcpTools`) gives the script what every adapter gives for it.
 */
export function fromOpenAITools(tools: readonly Tool<any>[], options: FromOpenAIToolsOptions): ToolDefinition[] {
  const nameOf = createToolNamer();
  const definitions: ToolDefinition[] = [];
  for (const tool of tools) {
    if (tool.type !== "function") {
      options.onWarning(`Code mode leaves out the tool "${tool.name}": it is a ${tool.type} tool, not a function tool.`);
      continue;
    }
    definitions.push(fromFunctionTool(nameOf(tool.name, namespaceOf(tool.name, options.namespace)), tool));
  }
  return definitions;
}

function namespaceOf(name: string, namespace: NamespaceOption | undefined): string | undefined {
  if (namespace === undefined || typeof namespace === "string") return namespace;
  return Object.hasOwn(namespace, name) ? namespace[name] : undefined;
}

function fromFunctionTool(name: string, tool: FunctionTool<any, any, unknown>): ToolDefinition {
  const outerOf = (context: unknown): OuterCall => (context as OuterCall | undefined) ?? { runContext: new RunContext() };
  return {
    name,
    description: tool.description,
    inputSchema: tool.parameters as JsonSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as JsonSchema } : {}),
    requiresApproval: async (args, { context, callId }) => (await tool.needsApproval(outerOf(context).runContext, args as never, callId)) === true,
    execute: async (args, { signal, context, callId }) => {
      const { runContext } = outerOf(context);
      const toolCall = { type: "function_call" as const, callId, name: tool.name, arguments: JSON.stringify(args) };
      const output = await tool.invoke(runContext, toolCall.arguments, { toolCall, signal });
      return isCallToolResult(output) ? fromCallToolResult(output) : output;
    },
  };
}
