import { decodeBinary } from "./decode-binary.js";

/** What an upstream `tools/call` answered, reduced to the parts normalisation reads. */
export interface UpstreamCallResult {
  content?: readonly { type: string; text?: unknown }[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** An upstream result as the script's envelope will carry it. */
export type NormalizedResult = { ok: true; data: unknown; omitted: number } | { ok: false; message: string };

/**
 * Reduces an MCP tool result to plain data: structuredContent when present (an object whose only key is `result` is
 * unwrapped), else the text blocks joined by newlines (parsed when they hold a JSON object or array); non-text blocks
 * are counted as omitted, and binary fields of the outputSchema become Uint8Array.
 */
export function normalizeCallResult(result: UpstreamCallResult, outputSchema?: unknown): NormalizedResult {
  const blocks = result.content ?? [];
  const texts = blocks.filter((block) => block.type === "text" && typeof block.text === "string").map((block) => block.text as string);
  const omitted = blocks.length - texts.length;
  if (result.isError) {
    const message = texts.join("\n").trim();
    return { ok: false, message: message || "The upstream tool reported an error." };
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    return { ok: true, data: unwrapResult(decodeBinary(result.structuredContent, outputSchema)), omitted };
  }
  if (texts.length === 0) return { ok: true, data: null, omitted };
  return { ok: true, data: parseJsonText(texts.join("\n")), omitted };
}

function unwrapResult(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === "result" ? (value as { result: unknown }).result : value;
}

// Only objects and arrays: a text such as "42" or "true" is more likely a word than a typed value.
function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}
