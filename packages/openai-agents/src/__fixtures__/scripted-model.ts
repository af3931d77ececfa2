// A Model for the OpenAI Agents SDK that behaves like one using code mode, so run() works offline: its first turn
// calls the `execute` tool with a script, and its next turn answers in text made from the tool output it was sent.
import { Usage, type Model, type ModelRequest, type ModelResponse } from "@openai/agents";

/** A scripted model and every request it was sent. */
export interface ScriptedModel extends Model {
  requests: ModelRequest[];
}

/** The output of the last function call result the model was sent. */
export function lastToolOutput(model: ScriptedModel): unknown {
  const input = model.requests.at(-1)?.input;
  if (!Array.isArray(input)) return undefined;
  const item = input.findLast((candidate) => candidate.type === "function_call_result") as { output?: unknown } | undefined;
  const output = item?.output as { type?: string; text?: string } | string | undefined;
  return typeof output === "object" && output?.type === "text" ? output.text : output;
}

/** Calls `execute` with `code` while no tool result was sent, then answers with the text `answer` makes. */
export function createScriptedModel(code: string, answer: (output: unknown) => string = () => "Done."): ScriptedModel {
  const model: ScriptedModel = {
    requests: [],
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      model.requests.push(request);
      const answered = Array.isArray(request.input) && request.input.some((item) => item.type === "function_call_result");
      if (!answered) {
        const call = { type: "function_call" as const, callId: "call-1", name: "execute", arguments: JSON.stringify({ code }), status: "completed" as const };
        return { usage: new Usage(), output: [call] };
      }
      const text = answer(lastToolOutput(model));
      return { usage: new Usage(), output: [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text }] }] };
    },
    // eslint-disable-next-line require-yield -- run() in these tests never streams.
    async *getStreamedResponse() {
      throw new Error("The scripted model does not stream.");
    },
  };
  return model;
}
