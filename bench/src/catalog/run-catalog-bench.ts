import { performance } from "node:perf_hooks";
import { createCodeMode, type CatalogItem, type CatalogPage, type CodeMode, type ToolDefinition } from "@codemode/core";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { atMost, type GoalCheck } from "../report/goal-check.js";
import { summarize, type Summary } from "../stats/summarize.js";
import { generateTools } from "./generate-tools.js";

const TOOL_COUNT = 10_000;
const BUILDS = 4;
const SAMPLES = 400;
const PROMPT_SIZES = [10, 100, 1_000] as const;

/** The execute tool's description for one tool count, in o200k tokens. */
export interface PromptSize {
  tools: number;
  tokens: number;
  characters: number;
  /** Whether every signature is inline (false: a namespace summary with catalog.search instructions). */
  inline: boolean;
}

/** Everything the catalog benchmark measured (bench/results/catalog.json), in milliseconds. */
export interface CatalogReport {
  tools: number;
  createMs: Summary;
  /** The first search of a fresh code mode whose worker pool is up: building the index, then one search. */
  indexBuildMs: Summary;
  /** The first search straight after createCodeMode, while its worker threads boot beside it. */
  firstSearchAfterCreateMs: Summary;
  searchMs: Summary;
  /** Share of known-item queries (a tool's own words) that find that tool in the top 5. */
  searchRecallAt5: number;
  /** First touch of each page or tool (signatures not yet cached), then the same calls again. */
  listMs: { first: Summary; warm: Summary };
  describeMs: { first: Summary; warm: Summary };
  prompt: PromptSize[];
  goals: GoalCheck[];
}

/** Measures the catalog over 10,000 generated tools and the prompt's size; throws on a malformed answer. */
export async function runCatalogBench(log: (line: string) => void): Promise<CatalogReport> {
  const tools = generateTools(TOOL_COUNT);
  log(`catalog: index build over ${TOOL_COUNT.toLocaleString("en")} tools (${BUILDS * 2} fresh instances)`);
  const createMs: number[] = [];
  const indexBuildMs: number[] = [];
  const firstSearchMs: number[] = [];
  for (let build = 0; build < BUILDS * 2; build++) {
    // Alternately: the first search right after createCodeMode, while the worker threads still boot beside it (what a
    // user meets), and after one run, with the pool up, which times the index build alone (the goal's figure).
    const warmPool = build % 2 === 1;
    const before = performance.now();
    const codeMode = createCodeMode({ tools });
    const created = performance.now();
    if (warmPool) await codeMode.execute("return 1;");
    const started = performance.now();
    checkPage(await codeMode.catalog.search({ query: "list overdue invoices" }), "first search");
    (warmPool ? indexBuildMs : firstSearchMs).push(performance.now() - started);
    createMs.push(created - before);
    await codeMode.close();
  }
  const codeMode = createCodeMode({ tools });
  try {
    await codeMode.catalog.search({ query: "warm up" });
    log("catalog: search, list, describe");
    const { searchMs, recall } = await measureSearch(codeMode, tools);
    const listMs = measureTwice(listCalls(codeMode, tools));
    const describeMs = measureTwice(describeCalls(codeMode, tools));
    log("catalog: prompt sizes");
    const prompt = await measurePrompts();
    const report = {
      tools: TOOL_COUNT,
      createMs: summarize(createMs),
      indexBuildMs: summarize(indexBuildMs),
      firstSearchAfterCreateMs: summarize(firstSearchMs),
      searchMs,
      searchRecallAt5: recall,
      listMs,
      describeMs,
      prompt,
    };
    return { ...report, goals: catalogGoals(report) };
  } finally {
    await codeMode.close();
  }
}

async function measureSearch(codeMode: CodeMode, tools: readonly ToolDefinition[]) {
  const samples: number[] = [];
  let found = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const tool = tools[(i * 7919) % tools.length]!;
    // A known-item query: the words a model would use for this tool (namespace, verb, noun).
    const query = tool.name.replace(/[._]/g, " ");
    const before = performance.now();
    const page = await codeMode.catalog.search({ query, limit: 5 });
    samples.push(performance.now() - before);
    checkPage(page, `search "${query}"`);
    if (page.items.some((item) => item.name === tool.name)) found++;
  }
  if (found === 0) throw new Error("Search never found a tool by its own name: the ranking is broken.");
  return { searchMs: summarize(samples), recall: found / SAMPLES };
}

function listCalls(codeMode: CodeMode, tools: readonly ToolDefinition[]): (() => void)[] {
  const namespaces = [...new Set(tools.map((tool) => tool.name.split(".")[0]!))];
  return Array.from({ length: SAMPLES }, (_, i) => () => {
    const namespace = namespaces[(i * 31) % namespaces.length]!;
    const offset = (i % 5) * 20;
    const page = codeMode.catalog.list({ namespace, limit: 20, offset });
    checkPage(page, `list ${namespace}`);
    if (page.items.length !== 20 || page.items.some((item) => !item.name.startsWith(`${namespace}.`))) {
      throw new Error(`list of ${namespace} at ${offset} gave a wrong page.`);
    }
  });
}

function describeCalls(codeMode: CodeMode, tools: readonly ToolDefinition[]): (() => void)[] {
  return Array.from({ length: SAMPLES }, (_, i) => () => {
    const name = tools[(i * 104_729) % tools.length]!.name;
    const description = codeMode.catalog.describe({ tool: name });
    if (description.name !== name || !description.signature) throw new Error(`describe ${name} gave a wrong answer.`);
  });
}

function measureTwice(calls: readonly (() => void)[]): { first: Summary; warm: Summary } {
  const time = () =>
    calls.map((call) => {
      const before = performance.now();
      call();
      return performance.now() - before;
    });
  const first = time();
  return { first: summarize(first), warm: summarize(time()) };
}

async function measurePrompts(): Promise<PromptSize[]> {
  const sizes: PromptSize[] = [];
  for (const count of PROMPT_SIZES) {
    // Ten tools a namespace, as MCP servers and SaaS APIs tend to come: 1, 10 and 100 namespaces.
    const codeMode = createCodeMode({ tools: generateTools(count, { perNamespace: 10 }) });
    try {
      const text = codeMode.prompt();
      const inline = text.includes("declare const tools");
      sizes.push({ tools: count, tokens: countTokens(text), characters: text.length, inline });
    } finally {
      await codeMode.close();
    }
  }
  return sizes;
}

function checkPage(page: CatalogPage<CatalogItem>, what: string): void {
  if (!Array.isArray(page.items) || typeof page.total !== "number" || page.items.length > page.limit) {
    throw new Error(`${what} gave a malformed page: ${JSON.stringify(page).slice(0, 200)}`);
  }
}

function catalogGoals(report: Omit<CatalogReport, "goals">): GoalCheck[] {
  return [
    atMost("catalog: index build, 10k tools (median)", "< 300 ms", report.indexBuildMs.median, 300, "ms"),
    atMost("catalog: search (median)", "< 2 ms", report.searchMs.median, 2, "ms"),
    atMost("catalog: list, first touch (median)", "< 0.5 ms", report.listMs.first.median, 0.5, "ms"),
    atMost("catalog: describe, first touch (median)", "< 0.5 ms", report.describeMs.first.median, 0.5, "ms"),
  ];
}
