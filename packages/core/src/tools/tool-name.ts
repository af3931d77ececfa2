import { CodeModeError } from "../errors/index.js";

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const RESERVED = new Set(["__proto__", "constructor", "prototype"]);

/** A tool name split at its first dot. */
export interface ToolName {
  namespace: string;
  /** The rest of the name; it may hold dots. */
  localName: string;
}

/** Why a name is not a valid tool name, or null when it is. */
export function checkToolName(name: unknown): string | null {
  if (typeof name !== "string") return "a tool name must be a string";
  const segments = name.split(".");
  if (segments.length < 2) return `"${name}" has no namespace: write it as namespace.tool`;
  for (const segment of segments) {
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
  return { namespace: name.slice(0, dot), localName: name.slice(dot + 1) };
}
