/** A `pattern` (or `patternProperties` key) of a JSON Schema that cannot be checked in linear time. */
export interface UnsafePattern {
  /** Where it sits in the schema, as a JSON Pointer. */
  path: string;
  pattern: string;
  /** What makes it unsafe, in a few words. */
  reason: string;
}

// Keywords whose value is a schema, a list of schemas, or a map of names to schemas (JSON Schema 2020-12 and 07).
const ONE = ["not", "if", "then", "else", "contains", "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems"];
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];

/**
 * The first pattern of a JSON Schema that a linear-time engine (RE2) cannot run: one with lookaround or
 * backreferences, which only a backtracking engine has. Null when every pattern is safe. The walk visits each schema
 * once, so its work grows with the schema's size.
 */
export function findUnsafePattern(schema: unknown): UnsafePattern | null {
  const seen = new Set<object>();
  const visit = (node: unknown, path: string): UnsafePattern | null => {
    if (typeof node !== "object" || node === null || seen.has(node)) return null;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const found = visit(item, `${path}/${index}`);
        if (found) return found;
      }
      return null;
    }
    const record = node as Record<string, unknown>;
    const patterns = typeof record.pattern === "string" ? [[`${path}/pattern`, record.pattern] as const] : [];
    const keyed = isRecord(record.patternProperties) ? Object.keys(record.patternProperties).map((key) => [`${path}/patternProperties`, key] as const) : [];
    for (const [where, pattern] of [...patterns, ...keyed]) {
      const reason = unsafeReason(pattern);
      if (reason) return { path: where, pattern, reason };
    }
    for (const key of ONE) {
      const found = visit(record[key], `${path}/${key}`);
      if (found) return found;
    }
    for (const key of LIST) {
      const found = visit(record[key], `${path}/${key}`);
      if (found) return found;
    }
    for (const key of MAP) {
      const map = record[key];
      if (!isRecord(map)) continue;
      for (const [name, value] of Object.entries(map)) {
        const found = visit(value, `${path}/${key}/${escapePointer(name)}`);
        if (found) return found;
      }
    }
    return null;
  };
  return visit(schema, "");
}

/** Why a pattern cannot run in linear time, or null when it can: one pass over it, skipping escapes and classes. */
export function unsafeReason(pattern: string): string | null {
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index];
    if (character === "\\") {
      const next = pattern[index + 1] ?? "";
      if (!inClass && /[1-9]/.test(next)) return "it has a backreference";
      if (!inClass && next === "k" && pattern[index + 2] === "<") return "it has a backreference";
      index++;
    } else if (inClass) {
      if (character === "]") inClass = false;
    } else if (character === "[") {
      inClass = true;
    } else if (character === "(" && pattern[index + 1] === "?") {
      const kind = pattern.slice(index + 2, index + 4);
      if (kind.startsWith("=") || kind.startsWith("!")) return "it has a lookahead";
      if (kind === "<=" || kind === "<!") return "it has a lookbehind";
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function escapePointer(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}
