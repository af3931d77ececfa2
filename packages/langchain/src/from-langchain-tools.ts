import {
  CodeModeError,
  createToolNamer,
  fromCallToolResult,
  type JsonSchema,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolSchema,
} from "@codemode/core";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ToolInputParsingException } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { fromToolOutput, mcpErrorText } from "./from-tool-output.js";
import type { LangChainTool } from "./langchain-tool.js";
import { toRequiresApproval, type InterruptOnOption } from "./to-requires-approval.js";

/**
 * Which namespace each tool goes in: one name for all, a map from tool name to namespace, or a function of the tool.
 * A tool it does not place (no option, no entry, or `undefined` from the function) is flat: `tools.<name>(args)`.
 */
export type NamespaceOption =
  | string
  | Readonly<Record<string, string>>
  | ((tool: LangChainTool) => string | undefined);

/** Options of {@link fromLangChainTools}. */
export interface FromLangChainToolsOptions {
  namespace?: NamespaceOption;
  /** Which tools' calls wait for the code mode's `approve`; see {@link InterruptOnOption}. */
  interruptOn?: InterruptOnOption;
}

/**
 * Turns LangChain tools into the core's tool definitions. Each call invokes the LangChain tool with the config the
 * host passed as `context` (callbacks, tags, metadata) and the call's own abort signal; tools `interruptOn` covers
 * get `requiresApproval`.
 */
export function fromLangChainTools(
  tools: readonly LangChainTool[],
  options: FromLangChainToolsOptions = {},
): ToolDefinition[] {
  const nameOf = createToolNamer();
  const named = tools.map((tool) => ({ tool, name: nameOf(tool.name, namespaceOf(tool, options.namespace)) }));
  const approvals = toRequiresApproval(named, options.interruptOn);
  return named.map(({ tool, name }, index) => {
    const { metadata, responseFormat } = tool as { metadata?: { annotations?: ToolAnnotations }; responseFormat?: string };
    const contentBlocks = responseFormat === "content_and_artifact";
    const requiresApproval = approvals[index];
    return {
      name,
      description: tool.description ?? "",
      inputSchema: toInputSchema(tool.schema),
      // @langchain/mcp-adapters keeps the MCP tool's annotations (readOnlyHint, ...) in the tool's metadata.
      annotations: metadata?.annotations,
      ...(requiresApproval === undefined ? {} : { requiresApproval }),
      execute: async (args: unknown, { signal, context, callId }) => {
        // Called with a tool call, a content-and-artifact tool answers with a ToolMessage that keeps its artifact,
        // where MCP adapter tools put the structured content.
        const input = contentBlocks ? { type: "tool_call", id: callId, name: tool.name, args } : args;
        try {
          const output = await tool.invoke(input as never, { ...(context as RunnableConfig), signal });
          return fromToolOutput(output, { contentBlocks });
        } catch (error) {
          const text = mcpErrorText(error);
          // An MCP isError result, which the MCP adapter threw: the core's rule makes its tool_error.
          if (text !== undefined) fromCallToolResult({ isError: true, content: [{ type: "text", text }] });
          throw toInvalidArguments(error);
        }
      },
    };
  });
}

function namespaceOf(tool: LangChainTool, option: NamespaceOption | undefined): string | undefined {
  if (option === undefined || typeof option === "string") return option;
  if (typeof option === "function") return option(tool);
  return Object.hasOwn(option, tool.name) ? option[tool.name] : undefined;
}

/**
 * The schema the core checks arguments against. A Standard Schema with a JSON Schema form (zod 4) is kept, but its
 * parsed value is discarded: the LangChain tool parses the raw arguments itself, and parsing a transform's output a
 * second time would fail. Anything else (zod 3, JSON Schema) goes through LangChain's own JSON Schema conversion.
 */
function toInputSchema(schema: unknown): ToolSchema | undefined {
  if (schema === undefined || schema === null) return undefined;
  const standard = (schema as { "~standard"?: Record<string, any> })["~standard"];
  if (typeof standard === "object" && standard !== null && typeof standard.jsonSchema === "object") {
    return {
      "~standard": {
        ...standard,
        validate: async (value: unknown) => {
          const outcome = await standard.validate(value);
          return outcome.issues ? outcome : { value };
        },
      },
    } as ToolSchema;
  }
  return toJsonSchema(schema as Parameters<typeof toJsonSchema>[0]) as JsonSchema;
}

// LangChain reports bad input as ToolInputParsingException; the script should see `invalid_arguments`, not `tool_error`.
function toInvalidArguments(error: unknown): unknown {
  if (error instanceof ToolInputParsingException) {
    return new CodeModeError("INVALID_ARGUMENTS", error.message.split("\n")[0] ?? error.message);
  }
  return error;
}
