import type { ContentBlock } from "../envelopes/index.js";
import { CodeModeError } from "../errors/index.js";
import { decodeBinary } from "./decode-binary.js";
import { toolResult, type ToolResult } from "./tool-result.js";
import { fromBase64 } from "../portable/index.js";

/** One MCP content block: `text`, `image`, `audio`, `resource`, `resource_link`, ... */
export interface McpContentBlock {
  type: string;
  text?: unknown;
}

/** An MCP `tools/call` result (a `CallToolResult`), reduced to the parts a script's data is made of. */
export interface McpCallToolResult {
  content?: readonly McpContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** Options of {@link fromCallToolResult}. */
export interface FromCallToolResultOptions {
  /** The tool's MCP `outputSchema`: fields it marks as binary (base64) reach the script as Uint8Array. */
  outputSchema?: unknown;
}

const RESULT_KEYS = new Set(["content", "structuredContent", "isError", "_meta", "resultType"]);

/**
 * Whether a value is an MCP `CallToolResult`: an object with a `content` array of typed blocks and no keys besides
 * `content`, `structuredContent`, `isError`, `_meta` and, as MCP 2026-07-28 results carry it, `resultType:
 * "complete"`.
 */
export function isCallToolResult(value: unknown): value is McpCallToolResult {
  if (typeof value !== "object" || value === null) return false;
  const { content, resultType } = value as McpCallToolResult & { resultType?: unknown };
  if (!Array.isArray(content) || (resultType !== undefined && resultType !== "complete")) return false;
  return Object.keys(value).every((key) => RESULT_KEYS.has(key)) && content.every((block) => typeof block?.type === "string");
}

/**
 * The one rule by which an MCP tool result becomes what a script receives, whichever adapter brought it:
 * - `isError`: the call fails with a `tool_error` envelope carrying the text blocks (joined by newlines);
 * - `structuredContent`, when present, is the data; an object whose only key is `result` is unwrapped (FastMCP wraps
 *   a non-object return value that way), and fields the `outputSchema` marks as binary become Uint8Array;
 * - else the text blocks joined by `"\n"`, parsed only when they hold a JSON object or array (the text `"42"` stays
 *   the string `"42"`); no text block gives `null`;
 * - every other block (image, audio, resource link, embedded resource) is left out of the data and counted in the
 *   envelope's `meta.omitted`; a script that calls with `{ content: true }` gets them in `meta.content`, their base64
 *   `data` and `blob` as Uint8Array.
 *
 * Return it from a tool's `execute`: it is a {@link toolResult}, or it throws the `tool_error`.
 *
 * @example
 * execute: async (args, { signal }) => fromCallToolResult(await client.callTool({ name, arguments: args }, undefined, { signal })),
 */
export function fromCallToolResult(result: McpCallToolResult, options: FromCallToolResultOptions = {}): ToolResult {
  const blocks = result.content ?? [];
  const texts = blocks.filter((block) => block.type === "text" && typeof block.text === "string").map((block) => block.text as string);
  if (result.isError) {
    throw new CodeModeError("TOOL_ERROR", texts.join("\n").trim() || "The tool reported an error without a message.");
  }
  const omitted = blocks.length - texts.length;
  const meta = omitted === 0 ? { omitted } : { omitted, content: blocks.filter((block) => !isText(block)).map(toContentBlock) };
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    return toolResult(unwrapResult(decodeBinary(result.structuredContent, options.outputSchema)), meta);
  }
  if (texts.length === 0) return toolResult(null, meta);
  return toolResult(parseJsonText(texts.join("\n")), meta);
}

function isText(block: McpContentBlock): boolean {
  return block.type === "text" && typeof block.text === "string";
}

// A script saves or passes on bytes, never base64: `data` of images and audio and `blob` of an embedded resource.
function toContentBlock(block: McpContentBlock): ContentBlock {
  const { data, resource } = block as { data?: unknown; resource?: { blob?: unknown } };
  if ((block.type === "image" || block.type === "audio") && typeof data === "string") return { ...block, data: fromBase64(data) };
  if (block.type === "resource" && typeof resource?.blob === "string") {
    return { ...block, resource: { ...resource, blob: fromBase64(resource.blob) } } as ContentBlock;
  }
  return block as ContentBlock;
}

function unwrapResult(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === "result" ? (value as { result: unknown }).result : value;
}

// Only objects and arrays: a text such as "42" or "true" is as likely a word as a typed value.
function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}
