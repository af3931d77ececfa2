import { describe, expect, it } from "vitest";
import { createToolRegistry, type ToolDefinition } from "../tools/index.js";
import { estimateTokens } from "./write-execute-prompt.js";
import { summarizeTools } from "./summarize-tools.js";

const execute = async () => null;
const tools = (namespaces: number, each: number) =>
  createToolRegistry(
    Array.from({ length: namespaces * each }, (_, i): ToolDefinition => ({
      name: `ns${i % namespaces}.tool_${i}`,
      description: `Does thing ${i}. Then explains at length why it matters, in a second sentence.`,
      execute,
    })),
  ).tools;

describe("summarizeTools", () => {
  it("gives one line per tool with its first sentence when that fits", () => {
    expect(summarizeTools(tools(2, 2), 1000, estimateTokens)).toBe(
      "4 tools by namespace:\nns0 (2):\n- tool_0: Does thing 0.\n- tool_2: Does thing 2.\nns1 (2):\n- tool_1: Does thing 1.\n- tool_3: Does thing 3.",
    );
  });

  it("falls back to names by namespace, then to counts, each within the tokens left", () => {
    const many = tools(3, 60);
    const names = summarizeTools(many, 1000, estimateTokens);
    expect(names).toMatch(/^180 tools by namespace:\n- ns0 \(60\): tool_0, tool_3, tool_6,/);
    expect(estimateTokens(names)).toBeLessThanOrEqual(1000);
    expect(summarizeTools(many, 100, estimateTokens)).toBe("180 tools in 3 namespaces (tools each): ns0 (60), ns1 (60), ns2 (60).");
  });

  it("orders namespaces by size, then by name with numbers in numeric order", () => {
    const text = summarizeTools(tools(12, 1), 30, estimateTokens);
    expect(text).toMatch(/^12 tools in 12 namespaces \(tools each\): ns0 \(1\), ns1 \(1\), ns2 \(1\)/);
    expect(text).toMatch(/and \d+ more \(see catalog\.count\)\.$/);
  });

  it("cuts a long first sentence", () => {
    const [tool] = createToolRegistry([{ name: "a.b", description: `${"word ".repeat(40)}end.`, execute }]).tools;
    const line = summarizeTools([tool!], 1000, estimateTokens).split("\n")[2]!;
    expect(line.length).toBeLessThanOrEqual("- b: ".length + 90);
    expect(line.endsWith("…")).toBe(true);
  });
});
