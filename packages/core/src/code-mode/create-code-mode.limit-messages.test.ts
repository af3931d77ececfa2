import { afterAll, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

const big = defineTool({ name: "data.big", description: "Returns `bytes` bytes of text.", execute: async (args: { bytes: number }) => "x".repeat(args.bytes) });

describe("createCodeMode", () => {
  const codeMode = createCodeMode({
    tools: [big],
    poolSize: 1,
    limits: { timeoutMs: 300, maxHostCalls: 3, maxOutputBytes: 4096, maxToolResultBytes: 1000, maxCodeBytes: 2000, memoryBytes: 16 * 1024 * 1024 },
  });
  afterAll(() => codeMode.close());

  it.each([
    ["timeoutMs", "while (true) {}", "Script ran past its 300 ms deadline; limits.timeoutMs raises it."],
    ["maxHostCalls", "for (let i = 0; i < 5; i++) await tools.data.big({ bytes: 1 });", "Script made more than 3 host calls; limits.maxHostCalls raises it."],
    ["maxOutputBytes", 'return "x".repeat(10000);', "Script's result is larger than 4096 bytes; limits.maxOutputBytes raises it."],
    ["maxCodeBytes", `return ${JSON.stringify("x".repeat(3000))};`, "limits.maxCodeBytes raises it."],
    ["memoryBytes", "const parts = []; for (;;) parts.push(new Array(100000).fill(parts.length));", "; limits.memoryBytes raises it."],
    ["maxStackBytes", "const down = (n) => down(n + 1) + 1; return down(0);", "Script overflowed its stack (too deep recursion); limits.maxStackBytes raises it."],
  ])("names limits.%s, which raises the limit a script ran into", async (_limit, code, message) => {
    const result = await codeMode.execute(code);
    expect(result.status).toBe("failed");
    expect(result.error?.message).toContain(message);
  });

  it("names limits.maxToolResultBytes in the envelope of a call whose result is too large", async () => {
    const result = await codeMode.execute("return (await tools.data.big({ bytes: 5000 })).error.message;");
    expect(result.result).toBe("The tool's result is larger than 1000 bytes; limits.maxToolResultBytes raises it.");
  });
});
