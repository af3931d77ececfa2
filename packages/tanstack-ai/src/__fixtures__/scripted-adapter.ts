// A TanStack AI text adapter that behaves like a model using code mode, so chat() runs offline: its first turn calls
// the `execute` tool with a script, and its next turn answers in text made from the tool result it was sent.
import type { AnyTextAdapter, ModelMessage, StreamChunk, TextOptions } from "@tanstack/ai";

/** A scripted adapter and what it was sent on each turn. */
export interface ScriptedAdapter {
  adapter: AnyTextAdapter;
  /** The options of every chatStream call, in order. */
  calls: TextOptions[];
}

/** The content of the last tool message the adapter was sent, parsed from JSON when it is JSON. */
export function lastToolResult(calls: readonly TextOptions[]): unknown {
  const message = calls.at(-1)?.messages.findLast((candidate: ModelMessage) => candidate.role === "tool");
  if (typeof message?.content !== "string") return message?.content;
  try {
    return JSON.parse(message.content);
  } catch {
    return message.content;
  }
}

/** The tool call the adapter makes on its first turn. */
export interface ScriptedCall {
  name: string;
  input: Record<string, unknown>;
}

/**
 * Answers with one call of `execute` with `code` (or the call given) while no tool result was sent, then with the
 * text `answer` makes of the last tool result.
 */
export function createScriptedAdapter(code: string, answer: (result: unknown) => string = () => "Done.", call?: ScriptedCall): ScriptedAdapter {
  const { name: toolName, input } = call ?? { name: "execute", input: { code } };
  const calls: TextOptions[] = [];
  const adapter = {
    kind: "text",
    name: "scripted",
    model: "scripted-1",
    async *chatStream(options: TextOptions): AsyncIterable<StreamChunk> {
      calls.push(options);
      const runId = `run-${calls.length}`;
      const base = { threadId: "thread-1", runId, model: "scripted-1", timestamp: Date.now() };
      yield { type: "RUN_STARTED", ...base } as StreamChunk;
      const answered = options.messages.some((message) => message.role === "tool");
      if (!answered) {
        const toolCallId = "call-1";
        yield { type: "TOOL_CALL_START", ...base, toolCallId, toolCallName: toolName, toolName, index: 0 } as StreamChunk;
        yield { type: "TOOL_CALL_ARGS", ...base, toolCallId, delta: JSON.stringify(input) } as StreamChunk;
        yield { type: "TOOL_CALL_END", ...base, toolCallId, toolCallName: toolName, toolName } as StreamChunk;
        yield { type: "RUN_FINISHED", ...base, finishReason: "tool_calls" } as StreamChunk;
        return;
      }
      const messageId = `message-${calls.length}`;
      yield { type: "TEXT_MESSAGE_START", ...base, messageId, role: "assistant" } as StreamChunk;
      yield { type: "TEXT_MESSAGE_CONTENT", ...base, messageId, delta: answer(lastToolResult(calls)) } as StreamChunk;
      yield { type: "TEXT_MESSAGE_END", ...base, messageId } as StreamChunk;
      yield { type: "RUN_FINISHED", ...base, finishReason: "stop" } as StreamChunk;
    },
    async structuredOutput() {
      throw new Error("The scripted adapter has no structured output.");
    },
  };
  return { adapter: adapter as unknown as AnyTextAdapter, calls };
}
