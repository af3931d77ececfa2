import type { ApprovalRequest, ExecutionResult } from "@codemode/core";
import { generateText, stepCountIs, tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CONTEXT_KEY, contextOf, withApprovalOf, withContext } from "./__fixtures__/ai-major.js";
import { createScriptedModel } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool, type CodeModeTool, type CreateCodeModeToolOptions } from "./create-code-mode-tool.js";

const refunded: number[] = [];

const refund = tool({
  description: "Refund an amount in cents.",
  inputSchema: z.object({ cents: z.number().int(), note: z.string().default("none") }),
  needsApproval: true,
  execute: async ({ cents }) => (refunded.push(cents), { refunded: cents }),
});

const seenByRule: unknown[] = [];
const transfer = tool({
  description: "Transfer an amount; large ones need approval.",
  inputSchema: z.object({ cents: z.number().int() }),
  needsApproval: (input, options) => (seenByRule.push({ input, toolCallId: options.toolCallId, context: contextOf(options) }), input.cents > 1000),
  execute: async ({ cents }) => ({ transferred: cents }),
});

const open: CodeModeTool[] = [];

function codeModeTool(options: Partial<CreateCodeModeToolOptions> = {}): CodeModeTool {
  const execute = createCodeModeTool({ tools: { refund, transfer }, namespace: "billing", onWarning: () => {}, ...options });
  open.push(execute);
  return execute;
}

async function run(execute: CodeModeTool, code: string): Promise<ExecutionResult> {
  const generated = await generateText({
    model: createScriptedModel(code),
    tools: { execute },
    stopWhen: stepCountIs(2),
    prompt: "Refund it.",
    ...withContext({ userId: "u-7" }),
  });
  return generated.steps[0]!.toolResults[0]!.output as ExecutionResult;
}

afterEach(async () => {
  refunded.length = 0;
  seenByRule.length = 0;
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

describe("createCodeModeTool (needsApproval)", () => {
  it("keeps tools that need approval and runs their calls once approve says yes", async () => {
    const requests: ApprovalRequest[] = [];
    const execute = codeModeTool({ approve: (request) => (requests.push(request), true) });
    expect(execute.description).toContain("refund");
    const output = await run(execute, `return (await tools.billing.refund({ cents: 250 })).data;`);
    expect(output.result).toEqual({ refunded: 250 });
    expect(refunded).toEqual([250]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ tool: "billing.refund", arguments: { cents: 250 } });
    // The approver sees the outer AI SDK call, so a UI can show which conversation asks.
    expect(requests[0]!.context).toMatchObject({ toolCallId: "call-1", [CONTEXT_KEY]: { userId: "u-7" } });
  });

  it("gives the script access_denied when approve says no, and nothing runs", async () => {
    const execute = codeModeTool({ approve: async () => false });
    const output = await run(execute, `const r = await tools.billing.refund({ cents: 250 }); return [r.ok, r.error.code];`);
    expect(output.result).toEqual([false, "access_denied"]);
    expect(refunded).toEqual([]);
  });

  it("calls a needsApproval function with the parsed input and the outer call's options to decide", async () => {
    const asked: unknown[] = [];
    const execute = codeModeTool({ approve: (request) => (asked.push(request.arguments), false) });
    const output = await run(
      execute,
      `const small = await tools.billing.transfer({ cents: 500 });
       const large = await tools.billing.transfer({ cents: 5000 });
       return [small.ok, large.ok];`,
    );
    expect(output.result).toEqual([true, false]);
    expect(asked).toEqual([{ cents: 5000 }]);
    expect(seenByRule).toEqual([
      { input: { cents: 500 }, toolCallId: "call-1", context: { userId: "u-7" } },
      { input: { cents: 5000 }, toolCallId: "call-1", context: { userId: "u-7" } },
    ]);
  });

  it("denies, saying why, when no approve option is given", async () => {
    const output = await run(codeModeTool(), `return (await tools.billing.refund({ cents: 1 })).error.message;`);
    expect(output.result).toContain("no approver is configured");
    expect(refunded).toEqual([]);
  });
});

describe("createCodeModeTool (the AI SDK's own tool approval)", () => {
  const code = `return (await tools.billing.transfer({ cents: 300 })).data;`;

  /** One generateText call that asks to approve the whole script, then a second one that answers the request. */
  async function answerApproval(approved: boolean) {
    const execute = codeModeTool();
    const model = createScriptedModel(code, (output) => `Output: ${JSON.stringify(output)}`);
    const setup = { model, ...withApprovalOf(execute), stopWhen: stepCountIs(2) };
    const asked = await generateText({ ...setup, prompt: "Transfer it." });
    const request = asked.content.find((part) => part.type === "tool-approval-request");
    const answered = request
      ? await generateText({
          ...setup,
          messages: [
            { role: "user", content: "Transfer it." },
            ...asked.response.messages,
            { role: "tool", content: [{ type: "tool-approval-response", approvalId: request.approvalId, approved }] },
          ],
        })
      : undefined;
    return { asked, request, answered };
  }

  it("asks with a tool-approval-request part holding the script, and runs nothing before the answer", async () => {
    const { asked, request } = await answerApproval(true);
    expect(request).toMatchObject({ toolCall: { toolName: "execute", input: { code } } });
    expect(asked.toolResults).toEqual([]);
  });

  it("runs the script once a tool-approval-response approves it", async () => {
    const { answered } = await answerApproval(true);
    // The approved call runs before the first new step, so its result is in the messages the model is sent next.
    expect(seenByRule).toMatchObject([{ input: { cents: 300 } }]);
    expect(answered?.text).toBe('Output: {"type":"json","value":{"status":"completed","result":{"transferred":300}}}');
  });

  it("never runs the script when the response denies it", async () => {
    const { answered } = await answerApproval(false);
    expect(answered?.steps.flatMap((step) => step.toolResults)).toEqual([]);
    expect(answered?.text).toBe('Output: {"type":"execution-denied"}');
    expect(seenByRule).toEqual([]);
  });
});
