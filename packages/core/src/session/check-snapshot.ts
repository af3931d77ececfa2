import type { SessionSnapshot } from "../envelopes/index.js";
import { analyzeFunction, type FunctionFacts, type FunctionIndex } from "./analyze-functions.js";
import { spreadReasons } from "./spread-reasons.js";

/** A state as the guest wrote it (see SESSION_STATE_SOURCE): names with their values, and the nodes they reach. */
interface StateGraph {
  v: 1;
  g: [name: string, value: unknown][];
  n: StateNode[];
}

interface StateNode {
  t: string;
  s?: string;
  p?: unknown;
  f?: unknown;
  b?: unknown;
  v?: unknown;
  k?: unknown[][];
  j?: Record<string, unknown>;
  e?: unknown[];
}

/** The state to store and the names it does not keep, each with why. */
export interface CheckedState {
  state: string;
  notKept: [name: string, reason: string][];
}

/** Analyses of kept functions' sources, shared by every session: the same helpers come back run after run. */
const analyses = new Map<string, Promise<{ facts: FunctionFacts; nested: FunctionIndex } | null>>();
const MAX_ANALYSES = 2_000;

function analysisOf(text: string): Promise<{ facts: FunctionFacts; nested: FunctionIndex } | null> {
  let found = analyses.get(text);
  if (found) {
    // Most recently used last: the first key is the one to drop.
    analyses.delete(text);
  } else {
    found = analyzeFunction(text);
  }
  analyses.set(text, found);
  if (analyses.size > MAX_ANALYSES) analyses.delete(analyses.keys().next().value!);
  return found;
}

/**
 * Checks the functions of a state the guest wrote: each is kept by its source, so one that closes over a scope
 * inside the script or inside another function (its source alone cannot bring that scope back) is not kept, nor
 * is an instance of a class with private names; the names that reach one are left out of the state, with why.
 * `script` indexes this run's script, whose top-level functions may refer to globals defined later.
 */
export async function checkSnapshot(snapshot: SessionSnapshot, script: FunctionIndex): Promise<CheckedState> {
  const notKept = [...snapshot.notKept];
  const texts = new Set(snapshot.functions);
  const restored = new Set(snapshot.restored);
  const facts = new Map<string, FunctionFacts | null>();
  // Closures made inside a kept function: their text is in that function's source.
  const inner = new Set<string>();
  for (const [text, item] of script) if (item.inner) inner.add(text);
  await Promise.all(
    [...new Set([...texts, ...restored])].map(async (text) => {
      const analysis = await analysisOf(text);
      facts.set(text, analysis?.facts ?? null);
      for (const [nested, item] of analysis?.nested ?? []) if (item.inner && nested !== text) inner.add(nested);
    }),
  );
  const globals = new Set(snapshot.globals);
  const verdicts = new Map<string, string | null>();
  const verdict = (text: string): string | null => {
    if (verdicts.has(text)) return verdicts.get(text)!;
    const known = facts.get(text);
    let reason: string | null = null;
    if (!known) reason = "a function whose source cannot be evaluated again";
    else if (inner.has(text) || script.get(text)?.inner) reason = "a closure over an inner scope";
    else {
      const missing = [...known.free].filter((name) => !globals.has(name));
      // A function written at the top level (in this script, or kept before) may refer to a global not defined yet.
      const topLevel = (script.has(text) && !script.get(text)!.inner) || restored.has(text);
      if (missing.length > 0 && !topLevel) reason = `a closure over an inner scope (it refers to ${missing.map((name) => `\`${name}\``).join(", ")})`;
    }
    verdicts.set(text, reason);
    return reason;
  };
  const privateClass = (text: string) => facts.get(text)?.privateNames === true;
  // The common case: every function is fine and no class has private names, so the text is stored as written.
  if (![...texts].some((text) => verdict(text) !== null || privateClass(text))) return { state: snapshot.state, notKept };
  const graph = JSON.parse(snapshot.state) as StateGraph;
  const bad = new Map<number, string>();
  graph.n.forEach((node, index) => {
    if (node.t === "f" && node.s !== undefined) {
      const reason = verdict(node.s);
      if (reason) bad.set(index, reason);
    }
  });
  graph.n.forEach((node, index) => {
    // An instance's prototype is a "P" node: the class's `prototype`.
    const prototype = refOf(node.p);
    const owner = prototype === undefined ? undefined : graph.n[prototype];
    const klass = owner?.t === "P" ? refOf(owner.f) : undefined;
    const source = klass === undefined ? undefined : graph.n[klass]?.s;
    if (source !== undefined && privateClass(source)) bad.set(index, "an instance of a class with private (#) members, which cannot be read");
  });
  if (bad.size === 0) return { state: snapshot.state, notKept };
  // Everything that reaches a bad node goes with it: one pass, however deep the chains a script built.
  const reasons = spreadReasons(graph.n.map(refsOf), bad);
  const kept: StateGraph["g"] = [];
  for (const [name, value] of graph.g) {
    const root = refOf(value);
    if (root !== undefined && reasons.has(root)) notKept.push([name, `${name} is or holds ${reasons.get(root)!}`]);
    else kept.push([name, value]);
  }
  // Nodes no kept name reaches any more stay as empty objects, so no index moves.
  const nodes = graph.n.map((node, index) => (reasons.has(index) ? { t: "o", k: [] } : node));
  return { state: JSON.stringify({ v: 1, g: kept, n: nodes }), notKept };
}

/** The node a value refers to: `[index]`. */
function refOf(value: unknown): number | undefined {
  return Array.isArray(value) && value.length === 1 && typeof value[0] === "number" ? value[0] : undefined;
}

function refsOf(node: StateNode): number[] {
  const found: number[] = [];
  const add = (value: unknown) => {
    const ref = refOf(value);
    if (ref !== undefined) found.push(ref);
  };
  add(node.p);
  add(node.f);
  add(node.b);
  if (node.t === "a" && Array.isArray(node.v)) node.v.forEach(add);
  else add(node.v);
  for (const value of Object.values(node.j ?? {})) add(value);
  for (const [key, value, , get, set] of node.k ?? []) [key, value, get, set].forEach(add);
  for (const entry of node.e ?? []) {
    if (node.t === "m") (entry as unknown[]).forEach(add);
    else add(entry);
  }
  return found;
}
