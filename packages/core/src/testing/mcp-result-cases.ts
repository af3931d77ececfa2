import type { CallEnvelope, McpCallToolResult } from "../index.js";

/** One MCP tool result and the envelope a script must receive for it, through every adapter. */
export interface McpResultCase {
  /** A valid MCP tool name for the tool that returns this result, for example `text_number`. */
  name: string;
  /** What the case checks, in plain words. */
  description: string;
  /** The `CallToolResult` the upstream MCP tool returns, valid as the MCP schema requires it. */
  result: Omit<McpCallToolResult, "content"> & { content: { type: string; [key: string]: unknown }[] };
  /** What `await tools.<namespace>.<name>({})` resolves to in a script (the envelope call style). */
  expected: CallEnvelope;
}

/**
 * MCP tool results every adapter must turn into the same script value: each adapter's test serves them from a real
 * MCP tool and checks that a script sees `expected` exactly.
 */
export const MCP_RESULT_CASES: readonly McpResultCase[] = [
  {
    name: "text_number",
    description: "A text that looks like a number stays a string.",
    result: { content: [{ type: "text", text: "42" }] },
    expected: { ok: true, data: "42", meta: { omitted: 0 } },
  },
  {
    name: "structured_result",
    description: "structuredContent wins over the text, and `{ result }` is unwrapped.",
    result: { content: [{ type: "text", text: "[1,2]" }], structuredContent: { result: [1, 2] } },
    expected: { ok: true, data: [1, 2], meta: { omitted: 0 } },
  },
  {
    name: "two_text_blocks",
    description: "Several text blocks are joined by a newline into one string.",
    result: { content: [{ type: "text", text: "first line" }, { type: "text", text: "second line" }] },
    expected: { ok: true, data: "first line\nsecond line", meta: { omitted: 0 } },
  },
  {
    name: "image_and_text",
    description: "An image is left out and counted; the text holding a JSON object is parsed.",
    result: {
      content: [
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        { type: "text", text: '{"caption":"Revenue by month"}' },
      ],
    },
    expected: { ok: true, data: { caption: "Revenue by month" }, meta: { omitted: 1 } },
  },
  {
    name: "structured_with_image",
    description: "structuredContent beside several blocks still wins, and the image is counted.",
    result: {
      content: [
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        { type: "text", text: "2 invoices" },
      ],
      structuredContent: { total: 2 },
    },
    expected: { ok: true, data: { total: 2 }, meta: { omitted: 1 } },
  },
  {
    name: "is_error",
    description: "An isError result fails the call with tool_error and the tool's text.",
    result: { content: [{ type: "text", text: "Invoice INV-7 is locked." }], isError: true },
    expected: { ok: false, error: { code: "tool_error", message: "Invoice INV-7 is locked.", retryable: false } },
  },
];
