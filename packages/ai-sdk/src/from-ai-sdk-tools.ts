import type { JsonSchema, ToolAnnotations, ToolDefinition, ToolExecutionContext } from "@codemode/core";
import { CodeModeError, createToolNamer, fromCallToolResult, isCallToolResult } from "@codemode/core";
import { asSchema, type Tool, type ToolSet } from "ai";

/**
 * The options the AI SDK passes a tool's `execute`: `toolCallId`, `messages`, `abortSignal` and the caller's context,
 * `experimental_context` in ai 6 and `context` in ai 7 (whose `ToolExecutionOptions` needs a type argument ai 6's lacks).
 */
export type ToolCallOptions = Parameters<NonNullable<Tool["execute"]>>[1];

/** The call options as the adapter reads them under either major: the context under both of its names. */
type OuterCallOptions = Partial<ToolCallOptions> & { experimental_context?: unknown; context?: unknown };

/** Where each AI SDK tool goes: one namespace for all, or a map from tool name to namespace (others stay flat). */
export type NamespaceOption = string | Readonly<Record<string, string>>;

/** Options of {@link fromAiSdkTools}. */
export interface FromAiSdkToolsOptions {
  /** Without it the toolset is flat: the script calls `tools.<name>(args)`. */
  namespace?: NamespaceOption;
  /** Told about every tool that code mode leaves out, and why. */
  onWarning: (message: string) => void;
}

/**
 * Turns an AI SDK ToolSet into core tool definitions, named by the core's tool-name rule (a key's characters outside
 * letters, digits, `_` and `-` become `_`). A tool's `needsApproval` becomes `requiresApproval`, so its calls wait
 * for the code mode's `approve`. Tools that have no `execute` or run at the provider are left out, each with a
 * warning. A tool returning an MCP CallToolResult (the tools of `@ai-sdk/mcp`) gives the script what every adapter
 * gives for it (see `fromCallToolResult`).
 */
export function fromAiSdkTools(tools: ToolSet, options: FromAiSdkToolsOptions): ToolDefinition[] {
  const definitions: ToolDefinition[] = [];
  const nameOf = createToolNamer();
  for (const [key, tool] of Object.entries(tools)) {
    const problem = whyLeftOut(tool);
    if (problem) {
      options.onWarning(`Code mode leaves out the tool "${key}": ${problem}.`);
      continue;
    }
    definitions.push(fromAiSdkTool(nameOf(key, namespaceOf(key, options.namespace)), tool));
  }
  return definitions;
}

function whyLeftOut(tool: Tool): string | null {
  if (tool.type === "provider") return "it is a provider-executed tool";
  if (typeof tool.execute !== "function") return "it has no execute function";
  return null;
}

function namespaceOf(key: string, namespace: NamespaceOption | undefined): string | undefined {
  if (namespace === undefined || typeof namespace === "string") return namespace;
  return Object.hasOwn(namespace, key) ? namespace[key] : undefined;
}

function fromAiSdkTool(name: string, tool: Tool): ToolDefinition {
  const input = asSchema(tool.inputSchema);
  const annotations = (tool.metadata as { annotations?: ToolAnnotations } | undefined)?.annotations;
  const outputSchema = tool.outputSchema === undefined ? undefined : syncJsonSchema(asSchema(tool.outputSchema).jsonSchema);
  return {
    name,
    description: describe(tool),
    inputSchema: syncJsonSchema(input.jsonSchema),
    outputSchema,
    ...(annotations ? { annotations } : {}),
    ...(tool.needsApproval ? { requiresApproval: toRequiresApproval(tool, input) } : {}),
    execute: async (args: unknown, { signal, context }: ToolExecutionContext) => {
      // The core has checked the JSON Schema; the tool's own validator still runs for zod transforms and defaults.
      let value = args;
      if (input.validate) {
        const outcome = await input.validate(args);
        if (!outcome.success) throw new CodeModeError("INVALID_ARGUMENTS", outcome.error.message);
        value = outcome.value;
      }
      const outer = (context ?? {}) as OuterCallOptions;
      const callOptions = { toolCallId: outer.toolCallId ?? "", messages: outer.messages ?? [], ...outer, abortSignal: signal };
      const output = await lastValue(tool.execute!(value, callOptions as ToolCallOptions));
      return isCallToolResult(output) ? fromCallToolResult(output, { outputSchema }) : output;
    },
  };
}

/** `needsApproval` as the core asks it: a function gets the input the tool's own schema parsed, and the outer call's options. */
function toRequiresApproval(tool: Tool, input: ReturnType<typeof asSchema>): ToolDefinition["requiresApproval"] {
  const needsApproval = tool.needsApproval;
  if (typeof needsApproval !== "function") return needsApproval === true;
  return async (args, { context }) => {
    let value = args;
    if (input.validate) {
      const outcome = await input.validate(args);
      // Invalid input never reaches the tool (execute refuses it first), so there is nothing to approve.
      if (!outcome.success) return false;
      value = outcome.value;
    }
    const outer = (context ?? {}) as OuterCallOptions;
    // ai 6 names the caller's context `experimental_context`, ai 7 `context`; each major reads its own key.
    const options = {
      toolCallId: outer.toolCallId ?? "",
      messages: outer.messages ?? [],
      experimental_context: outer.experimental_context,
      context: outer.context,
    };
    return needsApproval(value, options as Parameters<typeof needsApproval>[1]);
  };
}

/**
 * ai 7 lets a description be a function of the tool's context, which code mode does not have when it writes the
 * catalog: it is called without one, and a function that needs it leaves the title (or nothing) in its place.
 */
function describe(tool: Tool): string {
  const description: unknown = tool.description;
  const fallback = (tool as { title?: string }).title ?? "";
  if (typeof description !== "function") return (description as string | undefined) ?? fallback;
  try {
    const text: unknown = description({ context: undefined });
    return typeof text === "string" ? text : fallback;
  } catch {
    return fallback;
  }
}

/** A JSON Schema given as a promise (lazy `jsonSchema()` loaders) cannot describe the tool yet: it shows as `unknown`. */
function syncJsonSchema(schema: unknown): JsonSchema {
  if (typeof (schema as PromiseLike<unknown>)?.then === "function") return {};
  return schema as JsonSchema;
}

/** A tool may stream preliminary results; the last one is its result, as the AI SDK treats it. */
async function lastValue(output: unknown): Promise<unknown> {
  const resolved = await output;
  if (resolved === null || typeof resolved !== "object" || !(Symbol.asyncIterator in resolved)) return resolved;
  let last: unknown;
  for await (const value of resolved as AsyncIterable<unknown>) last = value;
  return last;
}
