import type { RegisteredTool } from "../tools/index.js";
import { renderToolsDeclaration } from "./render-declarations.js";
import { ENVELOPE_DECLARATION } from "./signature/index.js";
import { summarizeTools } from "./summarize-tools.js";

/** Options of {@link writeExecutePrompt}. */
export interface ExecutePromptOptions {
  /** The most tokens the description may take before tools are summarised by namespace. Default 2000. */
  tokenBudget?: number;
  /** Whether scripts have the `catalog` global. Default true; false (execute-only mode) never mentions it. */
  search?: boolean;
  /** Counts tokens; by default about four characters a token. */
  countTokens?: ((text: string) => number) | undefined;
}

/** The default token budget of the execute tool's description. */
export const DEFAULT_PROMPT_TOKEN_BUDGET = 2000;

/** Estimates tokens at about four characters each, the usual ratio for English and code. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const RULES = `Run a JavaScript or TypeScript program that calls host tools and returns only what matters.
- The code is the body of an async function: use top-level \`await\`, and \`return\` a small JSON result (pick the fields you need, never whole raw outputs).
- \`await tools.<namespace>.<tool>(args)\` resolves to an envelope and never throws: \`{ ok: true, data }\` or \`{ ok: false, error: { code, message, retryable } }\`. Check \`ok\` before using \`data\`.
- Start independent calls together with \`Promise.all\`.
- \`console.log(...)\` lines come back as logs.
- There is no fetch, no timers, no modules, no filesystem and no network: only \`tools\`{{catalog}} and \`console\`.`;

const EXAMPLE = `Example (illustrative names):
const [customer, invoices] = await Promise.all([
  tools.crm.find_customer({ email: "ada@example.com" }),
  tools.billing.list_invoices({ status: "open" }),
]);
if (!customer.ok) return { error: customer.error.message };
return { name: customer.data.name, open: invoices.ok ? invoices.data.length : null };`;

const DISCOVERY = `There are too many tools to show their signatures here. Find them inside your script:
- \`await catalog.search({ query: "list invoices" })\` gives the best matches: \`data.items\` of \`{ name, path, signature }\` (\`namespace\`, \`limit\`, \`offset\` optional).
- \`await catalog.describe({ tool: "billing.list_invoices" })\` gives one tool's full signature and schemas.
- \`catalog.list({ namespace })\` pages through a namespace; \`catalog.count({})\` counts tools per namespace.
Return or \`console.log\` what you find, then call the tools in your next run, or search and call in one script.`;

/**
 * Writes the execute tool's description: the rules of the sandbox, one example, and the tools. Within the token
 * budget every signature is inline; past it (when search is on) a summary of the tools and how to search instead.
 */
export function writeExecutePrompt(
  tools: readonly RegisteredTool[],
  signatureOf: (tool: RegisteredTool) => string,
  options: ExecutePromptOptions = {},
): string {
  const budget = options.tokenBudget ?? DEFAULT_PROMPT_TOKEN_BUDGET;
  const count = options.countTokens ?? estimateTokens;
  const search = options.search !== false;
  const rules = RULES.replace("{{catalog}}", search ? ", `catalog`" : "");
  const head = `${rules}\n\n${EXAMPLE}\n\nTools (TypeScript):\n${ENVELOPE_DECLARATION}\n`;
  // The inline text holds every name and description, so when those alone overflow, skip writing 10,000 signatures.
  const floor = tools.map((tool) => `${tool.name} ${tool.definition.description}`).join("\n");
  if (!search || count(`${rules}\n${floor}`) <= budget) {
    const inline = `${head}${renderToolsDeclaration(tools, signatureOf)}`;
    if (count(inline) <= budget || tools.length === 0) return inline;
  }
  if (!search) {
    // Without search the model has no other way to learn the tools, so they stay inline, only shorter.
    return `${head}${renderToolsDeclaration(tools, signatureOf, false)}`;
  }
  const guide = `${rules}\n\n${EXAMPLE}\n\n${DISCOVERY}\n\n`;
  return guide + summarizeTools(tools, budget - count(guide), count);
}
