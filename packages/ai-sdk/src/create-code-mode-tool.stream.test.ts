import { readUIMessageStream, simulateReadableStream, stepCountIs, streamText, tool, type UIMessage } from "ai";
import type { ExecutionResult } from "@codemode/core";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { MockLanguageModel } from "./__fixtures__/ai-major.js";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";
import type { ExecutionProgress } from "./stream-run.js";

const open: CodeModeTool[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

const finish = (unified: "tool-calls" | "stop") => ({
  type: "finish" as const,
  finishReason: { unified, raw: undefined },
  usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
});

/** A model whose first step calls `execute` with the script and whose second answers "Done.", streamed. */
function streamingModel(code: string) {
  return new MockLanguageModel({
    doStream: [
      { stream: simulateReadableStream({ chunks: [{ type: "tool-call", toolCallId: "call-1", toolName: "execute", input: JSON.stringify({ code }) }, finish("tool-calls")] }) },
      { stream: simulateReadableStream({ chunks: [{ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "Done." }, { type: "text-end", id: "t" }, finish("stop")] }) },
    ],
  });
}

/**
 * A three-page reader whose last page waits until `release` is called: the run can only end after the test has seen
 * its progress, so a tool that streamed nothing before its result never finishes.
 */
function pagedTools() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const readPage = tool({
    description: "Read one page of invoices.",
    inputSchema: z.object({ page: z.number() }),
    execute: async ({ page }) => {
      if (page === 3) await released;
      return { page, invoices: 100 };
    },
  });
  return { tools: { read_page: readPage }, release };
}

const SCRIPT = `
let invoices = 0;
for (let page = 1; page <= 3; page++) {
  invoices += (await tools.billing.read_page({ page })).data.invoices;
  console.log("read page " + page + " of 3");
}
return { invoices };`;

type ToolPart = { type: string; state: string; output?: unknown; preliminary?: boolean };

describe("createCodeModeTool (streaming)", () => {
  it("streams the run's progress as preliminary results through streamText, then the unchanged result", async () => {
    const { tools, release } = pagedTools();
    const execute = createCodeModeTool({ tools, namespace: "billing" });
    open.push(execute);
    const seen: ExecutionProgress[] = [];
    const stream = streamText({
      model: streamingModel(SCRIPT),
      tools: { execute },
      stopWhen: stepCountIs(2),
      prompt: "How many invoices?",
    });
    let final: ExecutionResult | undefined;
    for await (const part of stream.fullStream) {
      if (part.type !== "tool-result") continue;
      if (part.preliminary) {
        const progress = part.output as ExecutionProgress;
        seen.push(progress);
        // The last page is read only once page 2's line has been seen here, while the script waits for it.
        if (progress.logs.includes("read page 2 of 3")) release();
      } else final = part.output as ExecutionResult;
    }
    const running = seen.filter((progress) => progress.status === "running");
    expect(running.length).toBeGreaterThan(0);
    expect(running.some((progress) => progress.toolCalls.running.includes("billing.read_page"))).toBe(true);
    // What the test saw before it let the last page be read: two pages done, their lines, the third call running.
    const beforeRelease = running.find((progress) => progress.logs.includes("read page 2 of 3"));
    expect(beforeRelease).toMatchObject({ toolCalls: { finished: 2, failed: 0 }, logs: ["read page 1 of 3", "read page 2 of 3"] });
    // The final output is the ExecutionResult, as without streaming; the last preliminary result is the same value.
    expect(final).toMatchObject({ status: "completed", result: { invoices: 300 }, logs: ["read page 1 of 3", "read page 2 of 3", "read page 3 of 3"] });
    expect(seen.at(-1)).toEqual(final);
    expect(await stream.text).toBe("Done.");
  });

  it("shows the progress in the UI message stream (readUIMessageStream), as useChat would", async () => {
    const { tools, release } = pagedTools();
    const execute = createCodeModeTool({ tools, namespace: "billing" });
    open.push(execute);
    const stream = streamText({ model: streamingModel(SCRIPT), tools: { execute }, stopWhen: stepCountIs(2), prompt: "How many invoices?" });
    const states: { preliminary: boolean; message?: string; status: string }[] = [];
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: stream.toUIMessageStream() })) {
      last = message;
      const part = message.parts.find((candidate) => candidate.type === "tool-execute") as ToolPart | undefined;
      if (part?.state !== "output-available") continue;
      const output = part.output as { status: string; message?: string; logs?: string[] };
      states.push({ preliminary: part.preliminary === true, message: output.message, status: output.status });
      if (output.logs?.includes("read page 2 of 3")) release();
    }
    const firstFinal = states.findIndex((state) => !state.preliminary);
    expect(firstFinal).toBeGreaterThan(0);
    expect(states.slice(0, firstFinal).some((state) => state.status === "running" && state.message !== undefined)).toBe(true);
    expect(states.at(-1)).toMatchObject({ preliminary: false, status: "completed" });
    const part = last!.parts.find((candidate) => candidate.type === "tool-execute") as ToolPart;
    expect(part.output).toMatchObject({ status: "completed", result: { invoices: 300 } });
  });

  it("still resolves to the ExecutionResult when its execute is awaited directly", async () => {
    const execute = createCodeModeTool({ tools: pagedTools().tools, namespace: "billing" });
    open.push(execute);
    const result = (await execute.execute!({ code: `return (await tools.billing.read_page({ page: 1 })).data.page;` }, { toolCallId: "call-1", messages: [] })) as ExecutionResult;
    expect(result).toMatchObject({ status: "completed", result: 1 });
  });
});
