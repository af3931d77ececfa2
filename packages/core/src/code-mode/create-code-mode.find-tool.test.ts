import { afterAll, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import { defineTool, type ToolDefinition } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

const asked: string[] = [];
const late = defineTool({
  name: "late.echo",
  description: "Echoes, known only once its server is up.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  execute: async (args: { text: string }) => `echo: ${args.text}`,
});

async function findTool(name: string): Promise<ToolDefinition | undefined> {
  asked.push(name);
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (name === "down.read") throw new CodeModeError("UNAVAILABLE", "Upstream down is down (its command was not found); retrying.");
  return name === late.name ? late : undefined;
}

describe("createCodeMode", () => {
  // The check knows only the tools it is given, and would refuse these scripts before findTool is asked: a host whose
  // tools arrive late (the gateway) lists the ones a script names before it checks the script.
  const codeMode = createCodeMode({ poolSize: 1, findTool, check: "off" });
  afterAll(() => codeMode.close());

  it("asks findTool for a tool it lacks, and calls, validates and records what it finds", async () => {
    asked.length = 0;
    const result = await codeMode.execute(`
      const found = await tools.late.echo({ text: "hi" });
      const bad = await tools.late.echo({ text: 1 });
      return { found: found.data, bad: bad.error.code, message: bad.error.message };`);
    expect(result.result).toEqual({ found: "echo: hi", bad: "invalid_arguments", message: "Invalid arguments for late.echo: /text must be string." });
    expect(result.toolCalls.map((call) => call.tool)).toEqual(["late.echo", "late.echo"]);
    expect(asked).toEqual(["late.echo", "late.echo"]);
  });

  it("fails the call with what findTool throws, and keeps not_found when it finds nothing", async () => {
    const result = await codeMode.execute(`
      const down = await tools.down.read({});
      const missing = await tools.nowhere.thing({});
      return [down.error, missing.error.code];`);
    expect(result.result).toEqual([
      { code: "unavailable", message: "Upstream down is down (its command was not found); retrying.", retryable: true },
      "not_found",
    ]);
  });

  it("does not ask for a tool the caller's allowlist leaves out", async () => {
    asked.length = 0;
    const result = await codeMode.execute(`return (await tools.late.echo({ text: "hi" })).error.code;`, { allow: ["other.*"] });
    expect(result.result).toBe("not_found");
    expect(asked).toEqual([]);
  });
});
