import type { JsonValue, ToolCallRecord } from "../../envelopes/index.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../serializer/index.js";
import { cutText } from "../../errors/index.js";
import type { ToolCallEndEvent } from "./tool-call-trace.js";
import { utf8ByteLength } from "../../portable/index.js";

/** A record as kept while the run goes on: the public fields and what only the host needs. */
export type Entry = ToolCallRecord & {
  started: number;
  message?: string;
  hostCallId?: string;
  /** How the call ended when the run's end cut it short, in place of its error. */
  cut?: string;
}

/** The record of a call that never ran: queued or unsent when the script ended. */
export function notRun(tool: string): Entry {
  return { tool, ok: false, durationMs: 0, errorCode: "cancelled", started: 0, cut: "not run: the script had ended" };
}

/** A call's outcome as the failure message lists it: `ok`, `failed: code: message`, or how it was cancelled. */
export function outcomeOf(entry: Entry): string {
  if (entry.ok) return "ok";
  if (entry.cut) return entry.cut;
  return `failed: ${entry.errorCode ?? "tool_error"}${entry.message ? `: ${entry.message}` : ""}`;
}

/** What `onToolCallEnd` receives for a record. */
export function endEvent(entry: Entry, callId: string): ToolCallEndEvent {
  const event = { tool: entry.tool, callId, ok: entry.ok, durationMs: entry.durationMs };
  return entry.errorCode === undefined ? event : { ...event, errorCode: entry.errorCode };
}

/** The script's arguments as the tool gets them; the guest sent JSON text, so this fails only on a broken guest. */
export function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Arguments as a trace keeps them: the value itself, or its JSON text cut to the summary size when too large. */
export function traceArguments(text: string, args: unknown, maxBytes: number): JsonValue {
  // Kept as text when too deep as well: the host writes every result with the recursive JSON.stringify.
  if (utf8ByteLength(text) > maxBytes || nestsDeeperThan(text, MAX_JSON_DEPTH)) return cutText(text, maxBytes);
  return (args ?? null) as JsonValue;
}
