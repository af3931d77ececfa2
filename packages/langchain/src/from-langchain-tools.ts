import { CodeModeError, type JsonSchema, type ToolAnnotations, type ToolDefinition, type ToolSchema } from "@codemode/core";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ToolInputParsingException } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { fromToolOutput } from "./from-tool-output.js";
import type { LangChainTool } from "./langchain-tool.js";
import { toRequiresApproval, type InterruptOnOption } from "./to-requires-approval.js";

/**
 * Which namespace each tool goes in: one name for all, a map from tool name to namespace (unmapped tools go in
 * `tools`), or a function of the tool.
 */
export type NamespaceOption = string | Readonly<Record<string, string>> | ((tool: LangChainTool) => string);

/** The namespace of tools that no option places. */
export const DEFAULT_NAMESPACE = "tools";

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
  const named = tools.map((tool) => ({ tool, name: `${namespaceOf(tool, options.namespace)}.${toSegment(tool.name)}` }));
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
      execute: async (args: unknown, { signal, context }) => {
        try {
          const output = await tool.invoke(args as never, { ...(context as RunnableConfig), signal });
          return fromToolOutput(output, { contentBlocks });
        } catch (error) {
          throw toInvalidArguments(error);
        }
      },
    };
  });
}

function namespaceOf(tool: LangChainTool, option: NamespaceOption | undefined): string {
  if (option === undefined) return DEFAULT_NAMESPACE;
  if (typeof option === "string") return option;
  if (typeof option === "function") return option(tool);
  return option[tool.name] ?? DEFAULT_NAMESPACE;
}

// Model-facing tool names allow more characters than a script identifier segment; the core rejects the rest.
function toSegment(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_");
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
