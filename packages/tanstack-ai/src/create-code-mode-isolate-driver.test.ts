import { chat, toolDefinition, type StreamChunk } from "@tanstack/ai";
import { createCodeMode } from "@tanstack/ai-code-mode";
import { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import { createScriptedAdapter, lastToolResult } from "./__fixtures__/scripted-adapter.js";
import { createCodeModeIsolateDriver } from "./create-code-mode-isolate-driver.js";

const invoices = { "cus-1": [120, 80], "cus-2": [300] } as Record<string, number[]>;
const listInvoices = toolDefinition({
  name: "listInvoices",
  description: "List a customer's invoice amounts.",
  inputSchema: z.object({ customerId: z.string() }),
}).server(async ({ customerId }) => {
  if (!invoices[customerId]) throw new Error(`No customer ${customerId}.`);
  return { amounts: invoices[customerId] };
});

/** Runs TypeScript through TanStack's own code mode on this driver, as a model's execute_typescript call in chat(). */
async function runTypeScript(typescriptCode: string) {
  const { tool, systemPrompt } = createCodeMode({ driver, tools: [listInvoices], timeout: 5_000 });
  const { adapter, calls } = createScriptedAdapter("", () => "Done.", { name: "execute_typescript", input: { typescriptCode } });
  const events: string[] = [];
  const stream = chat({ adapter, messages: [{ role: "user", content: "Total it." }], tools: [tool], systemPrompts: [systemPrompt] });
  for await (const chunk of stream as AsyncIterable<StreamChunk>) if (chunk.type === "CUSTOM") events.push(chunk.name);
  return { output: lastToolResult(calls) as { success: boolean; result?: unknown; error?: { name?: string; message: string }; logs?: string[] }, events };
}

const driver = createCodeModeIsolateDriver({ poolSize: 1 });
afterAll(() => driver.close());

describe("createCodeModeIsolateDriver", () => {
  it("runs TanStack's code mode: external_* functions resolve to values, calls made together run together", async () => {
    const { output, events } = await runTypeScript(`
      const ids: string[] = ["cus-1", "cus-2"];
      const pages = await Promise.all(ids.map((customerId) => external_listInvoices({ customerId })));
      console.log("customers", pages.length);
      return pages.flatMap((page) => page.amounts).reduce((sum, amount) => sum + amount, 0);`);
    expect(output).toEqual({ success: true, result: 500, logs: ["customers 2"] });
    // TanStack's own events for each external call reach the chat stream through the driver.
    expect(events.filter((name) => name === "code_mode:external_call")).toHaveLength(2);
    expect(events.filter((name) => name === "code_mode:external_result")).toHaveLength(2);
  });

  it("throws a failed call into the program, where it can be caught", async () => {
    const { output } = await runTypeScript(`
      try { await external_listInvoices({ customerId: "cus-9" }); return "unreachable"; }
      catch (error) { return (error as Error).message; }`);
    expect(output.success).toBe(true);
    expect(output.result).toContain("No customer cus-9.");
  });

  it("fails an uncaught error with its kind, message and line", async () => {
    const { output } = await runTypeScript(`const customer = null as any;\nreturn customer.name;`);
    expect(output.success).toBe(false);
    expect(output.error?.name).toBe("ScriptError");
    expect(output.error?.message).toMatch(/line 2/);
  });

  it("rejects arguments that do not match the tool's schema without calling it", async () => {
    const { output } = await runTypeScript(`return await external_listInvoices({ customerId: 42 } as any);`);
    expect(output.success).toBe(false);
    // The engine's check refuses the program before it runs: the tool is never called.
    expect(output.error?.message).toMatch(/customerId/);
  });

  it("ends a program that runs past TanStack's timeout", async () => {
    const { tool } = createCodeMode({ driver, tools: [listInvoices], timeout: 300 });
    const { adapter, calls } = createScriptedAdapter("", () => "Done.", { name: "execute_typescript", input: { typescriptCode: "while (true) {}" } });
    for await (const _chunk of chat({ adapter, messages: [{ role: "user", content: "Loop." }], tools: [tool] })) void _chunk;
    const output = lastToolResult(calls) as { success: boolean; error?: { name?: string } };
    expect(output).toMatchObject({ success: false, error: { name: "TimeoutExceeded" } });
  });
});
