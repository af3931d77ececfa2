import type { RegisteredTool } from "../tools/index.js";
import { renderToolsDeclaration } from "./render-declarations.js";
import { ENVELOPE_DECLARATION, VALUE_DECLARATION, type CallStyle } from "./signature/index.js";
import { summarizeTools } from "./summarize-tools.js";

/** Options of {@link writeExecutePrompt}. */
export interface ExecutePromptOptions {
  /** The most tokens the description may take before tools are summarised by namespace. Default 2000. */
  tokenBudget?: number;
  /** Whether scripts have the `catalog` global. Default true; false (execute-only mode) never mentions it. */
  search?: boolean;
  /** Counts tokens; by default about four characters a token. */
  countTokens?: ((text: string) => number) | undefined;
  /** "value" teaches tool calls that resolve to data and throw `ToolCallError`. Default "envelope". */
  callStyle?: CallStyle;
  /** "printed" teaches printing the answer instead of returning it. Default "result". */
  output?: "result" | "printed";
  /** Whether scripts have the `files` global (a workspace is configured); only then does the prompt mention it. */
  files?: boolean;
  /** Whether scripts have the `resources` global; only then does the prompt mention it. */
  resources?: boolean;
}

/** The default token budget of the execute tool's description. */
export const DEFAULT_PROMPT_TOKEN_BUDGET = 2000;

/** Estimates tokens at about four characters each, the usual ratio for English and code. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const GOAL = {
  result: "Run a JavaScript or TypeScript program that calls host tools and returns only what matters.",
  printed: "Run a JavaScript or TypeScript program that calls host tools and prints only what matters.",
};

const BODY = {
  result:
    "- The code is the body of an async function: use top-level `await`, and `return` a small JSON result (pick the fields you need, never whole raw outputs).",
  printed:
    "- The code is the body of an async function: use top-level `await`, and print a short answer with `console.log(...)` (pick the fields you need, never whole raw outputs). Only what the program prints comes back, as one text; a returned value is ignored.",
};

const CALLS = {
  envelope:
    "- `await tools.<namespace>.<tool>(args)` resolves to an envelope and never throws: `{ ok: true, data }` or `{ ok: false, error: { code, message, retryable } }`. Check `ok` before using `data`.",
  value:
    "- `await tools.<namespace>.<tool>(args)` resolves to the tool's data. A failed call throws a `ToolCallError` (`code`, `message`, `retryable`, `tool`); uncaught, it stops the program and the error lists every call made with its outcome, so in the next run do not repeat a call that already succeeded and changed state. Use `try { ... } catch (error) { ... }` only around a call whose failure you can handle.",
};

const FLAT = "- A tool without a namespace sits on `tools` itself: `await tools.<tool>(args)`.";

const VALUE_CATALOG = "- `catalog` calls still resolve to envelopes: `{ ok: true, data }` or `{ ok: false, error }`.";

const TAIL = `- Start independent calls together with \`Promise.all\`.
{{logs}}- There is no fetch, no timers, no modules, no filesystem and no network: only \`tools\`{{catalog}} and \`console\`.`;

const FILES =
  "- `files.read({ path, encoding?: \"bytes\" })`, `files.write({ path, data })`, `files.list({ path? })` and `files.remove({ path })` use a workspace folder (relative paths only) and resolve to envelopes: write large outputs to a file and return a small summary.";

const RESOURCES =
  "- `resources.list({ namespace? })` and `resources.read({ namespace, uri })` read the servers' resources and resolve to envelopes; a tool's images, audio and resource links come in `meta.content` when you call it with `{ content: true }` as a second argument.";

const EXAMPLE_CALLS = {
  envelope: `const [customer, invoices] = await Promise.all([
  tools.crm.find_customer({ email: "ada@example.com" }),
  tools.billing.list_invoices({ status: "open" }),
]);
if (!customer.ok) {{fail}}
{{answer}}{ name: customer.data.name, open: invoices.ok ? invoices.data.length : null }{{end}}`,
  value: `const [customer, invoices] = await Promise.all([
  tools.crm.find_customer({ email: "ada@example.com" }),
  tools.billing.list_invoices({ status: "open" }),
]);
let tickets = null;
try {
  tickets = (await tools.support.list_tickets({ customerId: customer.id })).length;
} catch (error) {
  if (!(error instanceof ToolCallError) || error.code !== "not_found") throw error;
}
{{answer}}{ name: customer.name, open: invoices.length, tickets }{{end}}`,
};

const ANSWER = {
  result: { answer: "return ", end: ";", fail: "return { error: customer.error.message };" },
  printed: { answer: "console.log(JSON.stringify(", end: "));", fail: "{ console.log(customer.error.message); return; }" },
};

const DISCOVERY = `There are too many tools to show their signatures here. Find them inside your script:
- \`await catalog.search({ query: "list invoices" })\` gives the best matches: \`data.items\` of \`{ name, path, signature }\` (\`namespace\`, \`limit\`, \`offset\` optional).
- \`await catalog.describe({ tool: "billing.list_invoices" })\` gives one tool's full signature and schemas.
- \`catalog.list({ namespace })\` pages through a namespace; \`catalog.count({})\` counts tools per namespace.
{{show}} what you find, then call the tools in your next run, or search and call in one script.`;

/** The rules and the example for a call style and an output mode. */
function writeRules(
  callStyle: CallStyle,
  output: "result" | "printed",
  { search, files, resources, flat }: { search: boolean; files: boolean; resources: boolean; flat: boolean },
): { rules: string; example: string } {
  const base = files ? TAIL.replace("no filesystem and ", "").replace("{{catalog}} and `console`", "{{catalog}}, `files` and `console`") : TAIL;
  const tail = base.replace("{{logs}}", output === "result" ? "- `console.log(...)` lines come back as logs.\n" : "").replace(
    "{{catalog}}",
    search ? ", `catalog`" : "",
  );
  const lines = [GOAL[output], BODY[output], CALLS[callStyle]];
  if (flat) lines.push(FLAT);
  if (callStyle === "value" && search) lines.push(VALUE_CATALOG);
  if (files) lines.push(FILES);
  if (resources) lines.push(RESOURCES);
  const { answer, end, fail } = ANSWER[output];
  const example = EXAMPLE_CALLS[callStyle].replace("{{fail}}", fail).replace("{{answer}}", answer).replace("{{end}}", end);
  return { rules: `${lines.join("\n")}\n${tail}`, example: `Example (illustrative names):\n${example}` };
}

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
  const callStyle = options.callStyle ?? "envelope";
  const output = options.output ?? "result";
  const flat = tools.some((tool) => tool.namespace === "");
  const { rules, example } = writeRules(callStyle, output, { search, files: options.files === true, resources: options.resources === true, flat });
  const declaration = callStyle === "value" ? VALUE_DECLARATION : ENVELOPE_DECLARATION;
  const head = `${rules}\n\n${example}\n\nTools (TypeScript):\n${declaration}\n`;
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
  const discovery = DISCOVERY.replace("{{show}}", output === "printed" ? "Print" : "Return or `console.log`");
  const guide = `${rules}\n\n${example}\n\n${discovery}\n\n`;
  return guide + summarizeTools(tools, budget - count(guide), count);
}
