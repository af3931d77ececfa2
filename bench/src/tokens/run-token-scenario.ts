import { createCodeModeTool } from "@codemode/ai-sdk";
import { generateText, stepCountIs, type ToolSet } from "ai";
import { createPolicyModel } from "./create-policy-model.js";
import { measureSteps, type ModeMeasure } from "./measure-steps.js";
import type { ModelPolicy, TokenScenario } from "./token-scenario.js";

/** How a scenario gives its tools to the model. */
export type TokenMode = "direct" | "codeMode";

/** One mode's measure and the answer the model gave. */
export interface ModeRun extends ModeMeasure {
  answer: string;
}

const SYSTEM = "You are a careful assistant. Use the tools to answer, then reply with the answer as JSON only.";
// Far more than any scenario needs: the scripted model stops by answering, not by running out of steps.
const MAX_STEPS = 50;

async function generate(tools: ToolSet, policy: ModelPolicy, task: string): Promise<ModeRun> {
  const model = createPolicyModel(policy);
  const { text, steps } = await generateText({ model, system: SYSTEM, prompt: task, tools, stopWhen: stepCountIs(MAX_STEPS) });
  if (steps.at(-1)?.finishReason !== "stop") throw new Error(`The model did not answer within ${MAX_STEPS} steps.`);
  return { ...measureSteps(model.doGenerateCalls), answer: text };
}

/** Runs a scenario through the AI SDK's `generateText` in one mode and counts what the model was sent. */
export async function runTokenScenario(scenario: TokenScenario, mode: TokenMode): Promise<ModeRun> {
  if (mode === "direct") return generate(scenario.createTools(), scenario.direct, scenario.task);
  const execute = createCodeModeTool({ tools: scenario.createTools(), namespace: scenario.namespace, onWarning: () => {} });
  try {
    return await generate({ execute }, scenario.codeMode, scenario.task);
  } finally {
    await execute.close();
  }
}
