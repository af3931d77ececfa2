import { CodeModeError } from "../errors/index.js";

/** The longest tool name, in characters, as the MCP specification advises for tool names. */
export const MAX_TOOL_NAME_LENGTH = 128;

const SEGMENT = /^[A-Za-z0-9_-]+$/;
// Keys the guest's `tools` proxy never resolves (promise and JSON probes, prototype keys), so no tool may be one.
const RESERVED = new Set(["__proto__", "constructor", "prototype", "then", "toJSON"]);
const PREVIEW = 40;

/** A tool name split at its first dot; a flat tool (no dot) has the namespace `""`. */
export interface ToolName {
  namespace: string;
  /** The rest of the name; it may hold dots. */
  localName: string;
}

/** Why a name is not a valid tool name, or null when it is. */
export function checkToolName(name: unknown): string | null {
  if (typeof name !== "string") return "a tool name must be a string";
  if (name.length > MAX_TOOL_NAME_LENGTH) {
    return `"${preview(name)}" is ${name.length} characters long; a tool name has at most ${MAX_TOOL_NAME_LENGTH}`;
  }
  for (const segment of name.split(".")) {
    if (!SEGMENT.test(segment)) {
      return `"${name}" has an empty segment or a character other than ASCII letters, digits, "_" and "-"`;
    }
    if (RESERVED.has(segment)) return `"${name}" uses the reserved segment "${segment}"`;
  }
  return null;
}

/** Splits a tool name into namespace and local name; throws INVALID_TOOL for a name that is not valid. */
export function parseToolName(name: string): ToolName {
  const problem = checkToolName(name);
  if (problem) throw new CodeModeError("INVALID_TOOL", `Invalid tool name: ${problem}.`, { details: { name } });
  const dot = name.indexOf(".");
  if (dot === -1) return { namespace: "", localName: name };
  return { namespace: name.slice(0, dot), localName: name.slice(dot + 1) };
}

/** Gives each framework tool its code-mode name; made by {@link createToolNamer}. */
export type ToolNamer = (frameworkName: string, namespace?: string) => string;

/**
 * The one rule by which adapters name framework and MCP tools: every character outside ASCII letters, digits, `_`
 * and `-` (dots included) becomes `_`, a reserved word gets a trailing `_`, and a name already given in the same
 * toolset gets `_2`, `_3`, ... The result is `namespace.name`, or a flat `name` without a namespace. A name over
 * {@link MAX_TOOL_NAME_LENGTH} characters is kept as it is, so that the code mode refuses it naming the tool.
 *
 * @example
 * const nameOf = createToolNamer();
 * nameOf("get.file/v2", "fs"); // "fs.get_file_v2"
 * nameOf("getCustomer"); // "getCustomer", called as tools.getCustomer(args)
 */
export function createToolNamer(): ToolNamer {
  const taken = new Set<string>();
  return (frameworkName, namespace) => {
    let segment = frameworkName.replace(/[^A-Za-z0-9_-]/g, "_") || "_";
    if (RESERVED.has(segment)) segment = `${segment}_`;
    const base = namespace === undefined || namespace === "" ? segment : `${namespace}.${segment}`;
    let name = base;
    for (let index = 2; taken.has(name); index++) name = `${base}_${index}`;
    taken.add(name);
    return name;
  };
}

function preview(name: string): string {
  return name.length <= PREVIEW ? name : `${name.slice(0, PREVIEW)}…`;
}
