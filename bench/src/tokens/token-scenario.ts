import type { NamespaceOption } from "@codemode/ai-sdk";
import type { ToolSet } from "ai";
import type { ModelPrompt } from "./read-prompt.js";

/** What the scripted model does next: call one tool, or answer in text. */
export type ModelAction = { tool: string; input: Record<string, unknown> } | { text: string };

/** Decides the next action from the exact prompt the AI SDK sent, as a capable model would. */
export type ModelPolicy = (prompt: ModelPrompt) => ModelAction;

/** One task run twice, with every tool given directly and with the code-mode tool. */
export interface TokenScenario {
  name: string;
  /** The user's request, the same in both modes. */
  task: string;
  /** A fresh tool set (tools may keep state, such as created tickets). */
  createTools(): ToolSet;
  /** Where each tool goes in code mode. */
  namespace: NamespaceOption;
  /** The answer both modes must give, computed from the data without any model. */
  expected: string;
  direct: ModelPolicy;
  codeMode: ModelPolicy;
}
