import type { JSONRPCErrorResponse } from "@modelcontextprotocol/client";

/**
 * The JSON-RPC code of the error the gateway puts in place of an upstream message over the size cap: the call it
 * answered fails alone, and the connection goes on (implementation-defined server error range, -32000 to -32099).
 */
export const RESPONSE_TOO_LARGE = -32098;

/** How much of the start and of the end of a message too large to hold is kept, to find its id. */
export const KEPT_EDGE_BYTES = 512;

type RequestId = string | number;

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
// A message as SDKs write it starts `{"jsonrpc":"2.0","id":...` or `{"id":...` (pydantic, Go), or ends `"id":...}`
// (the TypeScript SDKs, which put `result` first). Only the top level: one closing brace, then the end.
const ID_AT_START = new RegExp(String.raw`^[^{]*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}`);
const ID_AT_END = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);

/** The id of a JSON-RPC response too large to parse, read from its first and last bytes; undefined when neither shows it. */
export function idOfOversized(head: string, tail: string): RequestId | undefined {
  const found = ID_AT_START.exec(head)?.[1] ?? ID_AT_END.exec(tail)?.[1];
  if (found === undefined) return undefined;
  try {
    return JSON.parse(found) as RequestId;
  } catch {
    return undefined;
  }
}

/** The error response that stands for one over `maxBytes`. */
export function tooLargeResponse(id: RequestId, maxBytes: number): JSONRPCErrorResponse {
  return { jsonrpc: "2.0", id, error: { code: RESPONSE_TOO_LARGE, message: `Response exceeded maximum size of ${maxBytes} bytes` } };
}
