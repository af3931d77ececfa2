import {
  createToolNamer,
  fromCallToolResult,
  isCallToolResult,
  type JsonSchema,
  type ToolDefinition,
  type ToolSchema,
} from "@codemode/core";
import { convertSchemaToJsonSchema, isStandardSchema, parseWithStandardSchema, type Tool, type ToolExecutionContext } from "@tanstack/ai";

/** A TanStack AI tool of any kind: a server tool (`toolDefinition(...).server(fn)`), a client tool, or a plain `Tool`. */
export type TanStackTool = Omit<Tool<any, any, string, any>, "execute"> & { execute?: ((args: any, context?: any) => unknown) | undefined };

/** Where each TanStack tool goes: one namespace for all, or a map from tool name to namespace (others stay flat). */
export type NamespaceOption = string | Readonly<Record<string, string>>;

/** Options of {@link fromTanStackTools}. */
export interface FromTanStackToolsOptions {
  /** Without it the tools are flat: the script calls `tools.<name>(args)`. */
  namespace?: NamespaceOption;
  /** Told about every tool that code mode leaves out, and why. */
  onWarning: (message: string) => void;
}

/**
 * Turns TanStack AI tools into the core's tool definitions, named by the core's tool-name rule. Each call runs the
 * tool's own `execute` with the outer call's `ToolExecutionContext` (its `context`, `toolCallId` and
 * `emitCustomEvent`) and an `abortSignal` of its own; `needsApproval` becomes `requiresApproval`. Client tools (no
 * `execute`) are left out with a warning. A tool returning an MCP CallToolResult gives the script what every adapter
 * gives for it (the core's `fromCallToolResult`).
 */
export function fromTanStackTools(tools: readonly TanStackTool[], options: FromTanStackToolsOptions): ToolDefinition[] {
  const nameOf = createToolNamer();
  const definitions: ToolDefinition[] = [];
  for (const tool of tools) {
    if (typeof tool.execute !== "function") {
      options.onWarning(`Code mode leaves out the tool "${tool.name}": it has no execute function (a client tool).`);
      continue;
    }
    definitions.push(fromTanStackTool(nameOf(tool.name, namespaceOf(tool.name, options.namespace)), tool));
  }
  return definitions;
}

function namespaceOf(name: string, namespace: NamespaceOption | undefined): string | undefined {
  if (namespace === undefined || typeof namespace === "string") return namespace;
  return Object.hasOwn(namespace, name) ? namespace[name] : undefined;
}

function fromTanStackTool(name: string, tool: TanStackTool): ToolDefinition {
  const outputSchema = tool.outputSchema === undefined ? undefined : jsonSchemaOf(tool.outputSchema);
  return {
    name,
    description: tool.description,
    inputSchema: inputSchemaOf(tool.inputSchema),
    ...(outputSchema ? { outputSchema } : {}),
    ...(tool.needsApproval ? { requiresApproval: true } : {}),
    execute: async (args, { signal, context }) => {
      const outer = (context ?? {}) as Partial<ToolExecutionContext>;
      const callContext = { emitCustomEvent: () => {}, ...outer, abortSignal: signal } as ToolExecutionContext;
      const output: unknown = await tool.execute!(args, callContext);
      if (isCallToolResult(output)) return fromCallToolResult(output, { outputSchema });
      // TanStack checks a Standard Schema output before the model sees it; a script gets the same guarantee.
      return tool.outputSchema && isStandardSchema(tool.outputSchema) ? parseWithStandardSchema(tool.outputSchema, output) : output;
    },
  };
}

/**
 * The schema the core checks arguments with. A Standard Schema (zod 4, ArkType, Valibot) is kept: the core parses
 * the arguments with it, so the tool gets the parsed value with its defaults and transforms, as TanStack gives it.
 */
function inputSchemaOf(schema: unknown): ToolSchema {
  if (schema === undefined) return { type: "object" };
  return isStandardSchema(schema) ? (schema as ToolSchema) : (schema as JsonSchema);
}

function jsonSchemaOf(schema: unknown): JsonSchema {
  return (convertSchemaToJsonSchema(schema as Parameters<typeof convertSchemaToJsonSchema>[0]) ?? {}) as JsonSchema;
}
