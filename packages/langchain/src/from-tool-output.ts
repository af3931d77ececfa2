import { toolResult } from "@codemode/core";
import { ToolMessage } from "@langchain/core/messages";

/** Options of {@link fromToolOutput}. */
export interface FromToolOutputOptions {
  /** The tool returns model content (responseFormat `content_and_artifact`, as MCP adapter tools do). */
  contentBlocks?: boolean;
}

/**
 * Turns what a LangChain tool returned into the data a script receives. Text that holds a JSON object or array is
 * parsed, since LangChain tools often stringify their data for the model. Model content (MCP tools) is unwrapped:
 * structured content wins, text blocks become their text, and other blocks (images, audio) are dropped and counted.
 */
export function fromToolOutput(output: unknown, options: FromToolOutputOptions = {}): unknown {
  const content = ToolMessage.isInstance(output) ? output.content : output;
  if (typeof content === "string") return parseJsonText(content);
  if (!options.contentBlocks) return content;
  if (isBlock(content)) return fromBlocks([content]);
  if (Array.isArray(content) && content.every(isBlock)) return fromBlocks(content);
  return content;
}

type Block = { type: string; text?: unknown; structuredContent?: unknown };

function isBlock(value: unknown): value is Block {
  return typeof value === "object" && value !== null && typeof (value as Block).type === "string";
}

function fromBlocks(blocks: readonly Block[]): unknown {
  const structured = blocks.find((block) => block.structuredContent !== undefined)?.structuredContent;
  const texts = blocks.filter((block) => block.type === "text" && typeof block.text === "string");
  const omitted = blocks.length - texts.length;
  let data: unknown;
  if (structured !== undefined) data = unwrapResult(structured);
  else if (texts.length === 1) data = parseJsonText(texts[0]!.text as string);
  else data = texts.map((block) => parseJsonText(block.text as string));
  return omitted > 0 ? toolResult(data, { omitted }) : data;
}

// MCP servers built with FastMCP wrap a non-object return value as `{ result }`.
function unwrapResult(value: unknown): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === "result") return (value as { result: unknown }).result;
  }
  return value;
}

function parseJsonText(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== "{" && start !== "[") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
