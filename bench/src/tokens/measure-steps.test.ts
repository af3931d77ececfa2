import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { measureSteps } from "./measure-steps.js";
import type { ModelCallOptions } from "./read-prompt.js";
import { serializeStable } from "./serialize-stable.js";

const tools = [{ type: "function", name: "get_page", description: "Get a page.", inputSchema: { type: "object" } }] as ModelCallOptions["tools"];
const user = { role: "user", content: [{ type: "text", text: "Total the pages." }] } as const;
const call = { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "get_page", input: {} }] } as const;
const result = { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "get_page", output: { type: "json", value: { items: [1, 2, 3] } } }] } as const;
const first = { prompt: [user], tools } as unknown as ModelCallOptions;
const second = { prompt: [user, call, result], tools } as unknown as ModelCallOptions;

describe("measureSteps", () => {
  it("sums the tokens of every step's serialised prompt and tools", () => {
    const measure = measureSteps([first, second]);
    const expected = countTokens(serializeStable({ prompt: [user], tools })) + countTokens(serializeStable({ prompt: [user, call, result], tools }));
    expect(measure.inputTokens).toBe(expected);
    expect(measure.steps).toBe(2);
  });

  it("counts the tool list once as the description and each tool result once", () => {
    const measure = measureSteps([first, second]);
    expect(measure.descriptionTokens).toBe(countTokens(serializeStable(tools)));
    expect(measure.resultTokens).toBe(countTokens(serializeStable({ items: [1, 2, 3] })));
  });

  it("throws when the model was never called", () => {
    expect(() => measureSteps([])).toThrow(/never called/);
  });
});
