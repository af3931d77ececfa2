import { CodeModeError } from "../errors/index.js";
import { utf8ByteLength } from "../portable/index.js";

/**
 * The JSON text of an execution's `args`, checked to be a JSON value (null, booleans, finite numbers, strings,
 * arrays and plain objects, without cycles) no larger than `maxBytes`; anything else throws INVALID_OPTIONS.
 */
export function encodeScriptArgs(args: unknown, maxBytes: number): string {
  if (args === undefined) return "[]";
  const problem = findNonJson(args, "args", new Set());
  if (problem !== null) throw new CodeModeError("INVALID_OPTIONS", `args must be a JSON value: ${problem}.`, { details: { option: "args" } });
  const text = JSON.stringify(args);
  const bytes = utf8ByteLength(text);
  // The arguments reach the guest as source-like text, so they share the script's size limit.
  if (bytes > maxBytes) {
    throw new CodeModeError("INVALID_OPTIONS", `args is ${bytes} bytes of JSON, over the ${maxBytes}-byte limit.`, { details: { option: "args" } });
  }
  return text;
}

function findNonJson(value: unknown, path: string, ancestors: Set<object>): string | null {
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : `${path} is ${String(value)}`;
  if (value === undefined) return `${path} is undefined`;
  if (typeof value !== "object") return `${path} is a ${typeof value}`;
  if (ancestors.has(value)) return `${path} refers back to an enclosing value`;
  const prototype: unknown = Object.getPrototypeOf(value);
  const isArray = Array.isArray(value);
  if (!isArray && prototype !== Object.prototype && prototype !== null) return `${path} is not a plain object or array`;
  ancestors.add(value);
  try {
    for (const [key, item] of Object.entries(value)) {
      const problem = findNonJson(item, isArray ? `${path}[${key}]` : `${path}.${key}`, ancestors);
      if (problem !== null) return problem;
    }
    return null;
  } finally {
    ancestors.delete(value);
  }
}
