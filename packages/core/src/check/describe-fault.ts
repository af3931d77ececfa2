import { toolPath } from "../catalog/index.js";
import { nearestName } from "../errors/index.js";
import { MAX_TOOL_NAME_LENGTH, type RegisteredTool } from "../tools/index.js";
import type { Fault } from "./script-checker.js";

/** A fault in words the model can act on: what is wrong, and the fix when one is plain. */
export interface FaultWords {
  message: string;
  suggestion?: string;
}

// What the script wrote is echoed cut to the length of a tool name; a type the declarations give, to a few lines.
const MAX_TYPE_TEXT = 300;

/** Words every fault of one check, knowing the tools the caller may use (for the nearest names). */
export function createFaultWords(tools: readonly RegisteredTool[]): (fault: Fault) => FaultWords {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const namespaces = [...new Set(tools.map((tool) => tool.namespace).filter((namespace) => namespace !== ""))];
  const pathOf = (name: string) => {
    const tool = byName.get(name);
    return tool ? toolPath(tool) : `tools.${name}`;
  };
  return (fault) => {
    const [tool = ""] = fault.path;
    const argument = fault.names?.join(".").replaceAll(".[]", "[]") ?? "";
    switch (fault.kind) {
      case "syntax_error":
        return { message: `Syntax error: ${fault.message ?? "the script does not parse"}` };
      case "unknown_tool":
        return unknownTool(fault.path, tools, namespaces, pathOf);
      case "namespace_called": {
        const first = tools.find((known) => known.namespace === tool);
        const example = first ? `, such as \`${toolPath(first)}(...)\`` : "";
        const called = fault.path.length === 0 ? "`tools` holds the tools and is" : `\`tools.${cut(tool)}\` is a namespace,`;
        return { message: `${called} not a tool: call one of its tools${example}.` };
      }
      case "missing_argument":
        return { message: `\`${pathOf(tool)}\` needs the argument${plural(fault.names)} ${quoted(fault.names)}.` };
      case "positional_argument":
        return {
          message: `\`${pathOf(tool)}\` takes one object of named arguments, ${typeText(fault.expected)}, not ${typeText(fault.actual)}: write \`${pathOf(tool)}({ name: value })\`.`,
        };
      case "wrong_type":
        return { message: `The argument \`${argument}\` of \`${pathOf(tool)}\` must be ${typeText(fault.expected)}, not ${typeText(fault.actual)}.` };
      case "not_in_enum": {
        const nearest = nearestName(literalText(fault.actual), literals(fault.expected));
        const message = `The argument \`${argument}\` of \`${pathOf(tool)}\` must be one of ${typeText(fault.expected)}, not ${typeText(fault.actual)}`;
        if (nearest === undefined) return { message: `${message}.` };
        return { message: `${message}; did you mean ${JSON.stringify(nearest)}?`, suggestion: JSON.stringify(nearest) };
      }
      case "unknown_argument":
        return withNearest(`\`${pathOf(tool)}\` takes no argument \`${cut(argument)}\``, fault.names?.at(-1), fault.candidates, "takes");
      case "unknown_field":
        return withNearest(`The result has no field \`${cut(argument)}\` (its type is ${typeText(fault.expected)})`, fault.names?.at(-1), fault.candidates, "has");
    }
  };
}

function unknownTool(
  path: string[],
  tools: readonly RegisteredTool[],
  namespaces: readonly string[],
  pathOf: (name: string) => string,
): FaultWords {
  const written = `tools.${path.map(cut).join(".")}`;
  let suggestion: string | undefined;
  if (path.length === 1) {
    const [name = ""] = path;
    // A tool named without its namespace, else the nearest namespace or flat tool.
    const local = tools.find((tool) => tool.localName === name);
    const flat = tools.filter((tool) => tool.namespace === "").map((tool) => tool.name);
    const nearest = local ? local.name : nearestName(name, [...namespaces, ...flat]);
    if (nearest !== undefined) suggestion = local || flat.includes(nearest) ? pathOf(nearest) : `tools.${nearest}`;
  } else {
    const [namespace = "", name = ""] = path;
    // The same tool in another namespace, else the nearest full name.
    const elsewhere = tools.find((tool) => tool.localName === name);
    const nearest = elsewhere ? elsewhere.name : nearestName(`${namespace}.${name}`, tools.map((tool) => tool.name));
    if (nearest !== undefined) suggestion = pathOf(nearest);
  }
  const what = path.length === 1 ? "no tool or namespace" : "no tool";
  if (suggestion === undefined) return { message: `There is ${what} \`${written}\`; find the tools with catalog.search or the search tool.` };
  return { message: `There is ${what} \`${written}\`; did you mean \`${suggestion}\`?`, suggestion };
}

function withNearest(message: string, name: string | undefined, candidates: readonly string[] | undefined, verb: string): FaultWords {
  const nearest = name === undefined ? undefined : nearestName(name, candidates ?? []);
  if (nearest !== undefined) return { message: `${message}; did you mean \`${nearest}\`?`, suggestion: nearest };
  const known = (candidates ?? []).slice(0, 20).map((candidate) => `\`${candidate}\``);
  return { message: known.length > 0 ? `${message}; it ${verb} ${known.join(", ")}.` : `${message}.` };
}

/** Text the script wrote, at most as long as a tool name. */
function cut(text: string): string {
  return text.length > MAX_TOOL_NAME_LENGTH ? `${text.slice(0, MAX_TOOL_NAME_LENGTH)}…` : text;
}

/**
 * A type as the model was shown it: without the check's open index signatures, and without the `undefined` an
 * optional argument or an unchecked envelope's `data` adds.
 */
function typeText(text: string | undefined): string {
  const shown = (text ?? "unknown").replaceAll("[key: string]: any; ", "").replaceAll("; [key: string]: any", "").replace(/ \| undefined$/, "");
  return `\`${shown.length > MAX_TYPE_TEXT ? `${shown.slice(0, MAX_TYPE_TEXT)}…` : shown}\``;
}

function quoted(names: readonly string[] | undefined): string {
  return (names ?? []).map((name) => `\`${cut(name)}\``).join(", ");
}

function plural(names: readonly string[] | undefined): string {
  return (names?.length ?? 0) > 1 ? "s" : "";
}

/** The string literals of a union as TypeScript writes it (`"open" | "paid"`). */
function literals(text: string | undefined): string[] {
  return [...(text ?? "").matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => JSON.parse(`"${match[1]}"`) as string);
}

function literalText(text: string | undefined): string {
  return literals(text)[0] ?? "";
}
