import type { RegisteredTool } from "../tools/index.js";

const MAX_LINE_DESCRIPTION = 90;

/**
 * Describes a tool set in as much detail as the tokens left allow, richest first: one line per tool with the first
 * sentence of its description; else every tool's name by namespace; else tool counts by namespace, cut short with
 * how many namespaces it left out.
 */
export function summarizeTools(
  tools: readonly RegisteredTool[],
  tokensLeft: number,
  count: (text: string) => number,
): string {
  const groups = new Map<string, RegisteredTool[]>();
  for (const tool of tools) {
    const group = groups.get(tool.namespace);
    if (group) group.push(tool);
    else groups.set(tool.namespace, [tool]);
  }
  const entries = [...groups].sort(
    (a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0], "en", { numeric: true }),
  );
  const lines = entries.flatMap(([name, members]) => [
    `${labelOf(name)} (${members.length}):`,
    ...members.map((tool) => `- ${tool.localName}: ${firstSentence(tool.definition.description)}`),
  ]);
  const digest = `${tools.length} tools by namespace:\n${lines.join("\n")}`;
  if (count(digest) <= tokensLeft) return digest;
  const rows = entries.map(([name, members]) => `- ${labelOf(name)} (${members.length}): ${members.map((tool) => tool.localName).join(", ")}`);
  const names = `${tools.length} tools by namespace:\n${rows.join("\n")}`;
  if (count(names) <= tokensLeft) return names;
  const title = `${tools.length} tools in ${entries.length} namespaces (tools each):`;
  const counted = entries.map(([name, members]) => `${labelOf(name)} (${members.length})`);
  let text = `${title} ${counted.join(", ")}.`;
  for (let shown = entries.length - 1; shown > 0 && count(text) > tokensLeft; shown = Math.floor(shown * 0.8)) {
    text = `${title} ${counted.slice(0, shown).join(", ")}, and ${entries.length - shown} more (see catalog.count).`;
  }
  return text;
}

// Flat tools have no namespace: they are called as `tools.<name>(args)`.
function labelOf(namespace: string): string {
  return namespace === "" ? "(no namespace, called as tools.<name>)" : namespace;
}

/** The description's first sentence, on one line and cut to a readable length. */
function firstSentence(description: string): string {
  const line = description.replace(/\s+/g, " ").trim();
  const end = line.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? line : line.slice(0, end + 1);
  return sentence.length <= MAX_LINE_DESCRIPTION ? sentence : `${sentence.slice(0, MAX_LINE_DESCRIPTION - 1).trimEnd()}…`;
}
