import { fromCallToolResult, type McpContentBlock } from "@codemode/core";
import { ToolMessage } from "@langchain/core/messages";

/** Options of {@link fromToolOutput}. */
export interface FromToolOutputOptions {
  /** The tool returns model content (responseFormat `content_and_artifact`, as MCP adapter tools do). */
  contentBlocks?: boolean;
}

type Block = McpContentBlock & { structuredContent?: unknown };

/**
 * Turns what a LangChain tool returned into the data a script receives, by the core's MCP result rule
 * (`fromCallToolResult`): text is parsed only when it holds a JSON object or array, since LangChain tools often
 * stringify their data. Model content (MCP adapter tools) is read as the MCP result it came from: the structured
 * content (on the text block, or in the ToolMessage's `mcp_structured_content` artifact) wins, text blocks are joined
 * by newlines, and other blocks (images, audio, files) are dropped and counted.
 */
export function fromToolOutput(output: unknown, options: FromToolOutputOptions = {}): unknown {
  const message = ToolMessage.isInstance(output) ? output : undefined;
  const content: unknown = message ? message.content : output;
  if (typeof content === "string") {
    return options.contentBlocks
      ? fromCallToolResult({ content: [{ type: "text", text: content }], structuredContent: structuredOf([], message) })
      : fromCallToolResult({ content: [{ type: "text", text: content }] }).data;
  }
  if (!options.contentBlocks) return content;
  const blocks = isBlock(content) ? [content] : Array.isArray(content) && content.every(isBlock) ? content : undefined;
  if (!blocks) return content;
  return fromCallToolResult({ content: blocks, structuredContent: structuredOf(blocks, message) });
}

const ERROR_RESULT = /^MCP tool '[^']*' on server '[^']*' returned an error: ([\s\S]*)$/;

/**
 * The tool's own text when `@langchain/mcp-adapters` threw for an MCP `isError` result (it throws a ToolException
 * that wraps the text in a sentence of its own); undefined for any other error.
 */
export function mcpErrorText(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== "ToolException") return undefined;
  return ERROR_RESULT.exec(error.message)?.[1];
}

function structuredOf(blocks: readonly Block[], message: ToolMessage | undefined): unknown {
  const onBlock = blocks.find((block) => block.structuredContent !== undefined)?.structuredContent;
  if (onBlock !== undefined) return onBlock;
  const artifact: unknown = message?.artifact;
  if (!Array.isArray(artifact)) return undefined;
  return artifact.find((entry) => isBlock(entry) && entry.type === "mcp_structured_content")?.data;
}

function isBlock(value: unknown): value is Block & { data?: unknown } {
  return typeof value === "object" && value !== null && typeof (value as Block).type === "string";
}
