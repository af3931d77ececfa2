import { describe, expect, it } from "vitest";
import { createToolRegistry, type ToolDefinition } from "../tools/index.js";
import { sampleTools } from "./__fixtures__/sample-tools.js";
import { toolSignature } from "./signature/index.js";
import { estimateTokens, writeExecutePrompt } from "./write-execute-prompt.js";

const execute = async () => null;
const signatureOf = toolSignature;
const many = (namespaces: number, each: number): ToolDefinition[] =>
  Array.from({ length: namespaces * each }, (_, i) => ({
    name: `ns${i % namespaces}.tool_${i}`,
    description: `Does thing ${i} with a fairly long description that takes up room.`,
    inputSchema: { type: "object", properties: { id: { type: "string", description: "Which one." } }, required: ["id"] },
    execute,
  }));

describe("writeExecutePrompt", () => {
  it("teaches the sandbox and puts every signature inline within the budget", () => {
    const prompt = writeExecutePrompt(sampleTools(), signatureOf);
    for (const lesson of ["body of an async function", "`return`", "check `ok`", "Promise.all", "console.log", "no fetch"]) {
      expect(prompt).toContain(lesson);
    }
    expect(prompt).toContain("type Envelope<T>");
    expect(prompt).toContain("    refund_payment(args: {");
    expect(prompt).toContain('    "pages.get-one"(args?: Record<string, unknown>)');
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(2000);
    expect(prompt).not.toContain("catalog.search");
  });

  it("lists tool names by namespace and teaches catalog search past the budget", () => {
    const tools = createToolRegistry(many(4, 50)).tools;
    const prompt = writeExecutePrompt(tools, signatureOf, { tokenBudget: 2000 });
    expect(prompt).toContain("200 tools by namespace:\n- ns0 (50): tool_0, tool_4, tool_8,");
    expect(prompt).toContain("catalog.search({ query:");
    expect(prompt).toContain("catalog.describe({ tool:");
    expect(prompt).not.toContain("tool_0(");
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(2000);
  });

  it("falls back to counts per namespace when even the names do not fit", () => {
    const tools = createToolRegistry(many(4, 200)).tools;
    const prompt = writeExecutePrompt(tools, signatureOf, { tokenBudget: 1000 });
    expect(prompt).toContain("800 tools in 4 namespaces (tools each): ns0 (200), ns1 (200), ns2 (200), ns3 (200).");
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(1000);
  });

  it("cuts a long namespace summary to the budget and says how many it left out", () => {
    const tools = createToolRegistry(many(400, 1)).tools;
    const prompt = writeExecutePrompt(tools, signatureOf, { tokenBudget: 1000 });
    expect(prompt).toMatch(/and \d+ more \(see catalog\.count\)\.$/);
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(1000);
  });

  it("mentions files in one line, and drops 'no filesystem', only when a workspace is configured", () => {
    const plain = writeExecutePrompt(sampleTools(), signatureOf);
    expect(plain).not.toContain("files.");
    expect(plain).not.toContain("`files`");
    expect(plain).toContain("no filesystem");
    const withFiles = writeExecutePrompt(sampleTools(), signatureOf, { files: true });
    expect(withFiles.split("\n").filter((line) => line.includes("files.write"))).toHaveLength(1);
    expect(withFiles).toContain("`catalog`, `files` and `console`");
    expect(withFiles).not.toContain("no filesystem");
  });

  it("never mentions the catalog in execute-only mode, keeping signatures inline without comments", () => {
    const tools = createToolRegistry(many(4, 50)).tools;
    const prompt = writeExecutePrompt(tools, signatureOf, { tokenBudget: 500, search: false });
    expect(prompt).not.toMatch(/catalog/i);
    expect(prompt).toContain("tool_199(args: {");
    expect(prompt).not.toContain("Does thing 0");
    expect(writeExecutePrompt(sampleTools(), signatureOf, { search: false })).not.toMatch(/catalog/i);
  });

  it("teaches values, ToolCallError and try/catch in the value call style, keeping catalog envelopes", () => {
    const prompt = writeExecutePrompt(sampleTools(), (tool) => toolSignature(tool, "pretty", "", "value"), { callStyle: "value" });
    expect(prompt).toContain("resolves to the tool's data");
    expect(prompt).toContain("try { ... } catch (error) { ... }");
    expect(prompt).toContain("declare class ToolCallError extends Error");
    expect(prompt).toContain("`catalog` calls still resolve to envelopes");
    expect(prompt).not.toContain("Check `ok`");
    const executeOnly = writeExecutePrompt(sampleTools(), signatureOf, { callStyle: "value", search: false });
    expect(executeOnly).not.toContain("catalog");
  });

  it("teaches printing the answer when only printed output comes back", () => {
    const prompt = writeExecutePrompt(sampleTools(), signatureOf, { output: "printed" });
    expect(prompt).toContain("prints only what matters");
    expect(prompt).toContain("console.log(JSON.stringify(");
    expect(prompt).not.toContain("lines come back as logs");
    expect(prompt).not.toContain("`return` a small JSON result");
  });

  it("counts with the host's tokenizer when given one", () => {
    const tools = sampleTools();
    expect(writeExecutePrompt(tools, signatureOf, { countTokens: () => 1 })).toContain("refund_payment(");
    expect(writeExecutePrompt(tools, signatureOf, { countTokens: () => 10_000 })).toContain("catalog.search");
  });
});
