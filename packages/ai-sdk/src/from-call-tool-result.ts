import { CodeModeError, toolResult } from "@codemode/core";

interface ContentBlock {
  type: string;
  text?: string;
}

interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
}

const RESULT_KEYS = new Set(["content", "structuredContent", "isError", "_meta"]);

/** Whether a tool returned an MCP `CallToolResult`, as the tools of `@ai-sdk/mcp` clients do. */
export function isCallToolResult(value: unknown): value is CallToolResult {
  if (typeof value !== "object" || value === null || !Array.isArray((value as CallToolResult).content)) return false;
  return (
    Object.keys(value).every((key) => RESULT_KEYS.has(key)) &&
    (value as CallToolResult).content.every((block) => typeof block?.type === "string")
  );
}

/**
 * Turns an MCP tool result into what the script gets: structured content when there is some, else the text (parsed
 * when it is JSON), with non-text blocks counted as omitted. An `isError` result throws, so the script sees a
 * `tool_error` envelope rather than a successful call.
 */
export function fromCallToolResult(result: CallToolResult): unknown {
  const texts = result.content.filter((block) => block.type === "text").map((block) => block.text ?? "");
  const omitted = result.content.length - texts.length;
  if (result.isError) throw new CodeModeError("TOOL_ERROR", texts.join("\n") || "The tool failed.");
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    return toolResult(result.structuredContent, { omitted });
  }
  const text = texts.join("\n");
  return toolResult(texts.length === 1 ? parseJsonOrText(text) : text, { omitted });
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
