import { CodeModeError } from "../errors/index.js";
import { checkToolName, isStandardSchema, type AllowFilter, type RegisteredTool, type ToolDefinition } from "../tools/index.js";

/** One execution's `globals` (ExecuteOptions.globals), read. */
export interface RunGlobals {
  /** The script's global names: each flat tool's name and each namespace, once. */
  readonly names: readonly string[];
  /** The definitions as given, for the run's tool set. */
  readonly definitions: readonly ToolDefinition[];
  /** The same for every run whose definitions declare the same (names, descriptions, schemas): they share a tool set. */
  readonly key: string;
  /** The declarations of the globals, for the check: each is its tool or namespace under `tools`. */
  readonly declarations: string;
  /** The caller's allowlist, which the run's own tools pass. */
  admit(allowed: AllowFilter): AllowFilter;
  /** A registered tool as this run calls it: with the run's own definition (its `execute`) when it is a global. */
  own(tool: RegisteredTool | undefined): RegisteredTool | undefined;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

// Names a global cannot take: the sandbox's own globals, the engine's built-ins (the test beside this file compares
// them with a realm's), and JavaScript's reserved words, which no script can write as a name.
const TAKEN = new Set(
  [
    "tools catalog console args files resources ToolCallError",
    "AggregateError Array ArrayBuffer BigInt BigInt64Array BigUint64Array Boolean DataView Date Error EvalError",
    "FinalizationRegistry Float16Array Float32Array Float64Array Function Infinity Int16Array Int32Array Int8Array",
    "InternalError Iterator JSON Map Math NaN Number Object Promise Proxy RangeError ReferenceError Reflect RegExp Set",
    "SharedArrayBuffer String Symbol SyntaxError TypeError URIError Uint16Array Uint32Array Uint8Array",
    "Uint8ClampedArray WeakMap WeakRef WeakSet decodeURI decodeURIComponent encodeURI encodeURIComponent escape eval",
    "globalThis isFinite isNaN parseFloat parseInt undefined unescape",
    "arguments await break case catch class const continue debugger default delete do else enum export extends false",
    "finally for function if implements import in instanceof interface let new null package private protected public",
    "return static super switch this throw true try typeof var void while with yield",
  ]
    .join(" ")
    .split(" "),
);

function invalid(message: string): CodeModeError {
  return new CodeModeError("INVALID_OPTIONS", `globals: ${message}`, { details: { option: "globals" } });
}

/** Checks an execution's `globals`; a name no script can hold as a global throws INVALID_OPTIONS, naming it. */
export function readRunGlobals(globals: unknown): RunGlobals | undefined {
  if (globals === undefined) return undefined;
  if (!Array.isArray(globals)) throw invalid("must be an array of tool definitions.");
  const definitions = globals as readonly ToolDefinition[];
  const names = new Map<string, boolean>();
  const byName = new Map<string, ToolDefinition>();
  for (const definition of definitions) {
    const name: unknown = definition?.name;
    const problem = checkToolName(name);
    if (problem) throw invalid(`${problem}.`);
    const tool = name as string;
    const dot = tool.indexOf(".");
    const global = dot === -1 ? tool : tool.slice(0, dot);
    if (!IDENTIFIER.test(global)) throw invalid(`"${global}" (of "${tool}") is not a JavaScript identifier, so no script can name it.`);
    if (TAKEN.has(global)) throw invalid(`"${global}" (of "${tool}") is a name the sandbox already holds; choose another.`);
    names.set(global, names.get(global) === true || dot !== -1);
    byName.set(tool, definition);
  }
  // A namespace is the script's own object: a host's prelude may add helpers to it, which the tools do not declare.
  const declarations = [...names].map(([name, namespace]) => `declare const ${name}: typeof tools.${name}${namespace ? " & { [member: string]: unknown }" : ""};\n`);
  return {
    names: [...names.keys()],
    definitions,
    key: JSON.stringify(definitions, (_, value: unknown) => (isStandardSchema(value) ? `\u0000schema ${schemaId(value)}` : value)),
    declarations: declarations.join(""),
    admit: (allowed) => (name) => byName.has(name) || allowed(name),
    own(tool) {
      const definition = tool && byName.get(tool.name);
      return definition ? { ...tool, definition } : tool;
    },
  };
}

const schemaIds = new WeakMap<object, number>();

/** A Standard Schema (zod) is the same schema only as the same object: its internals are not JSON. */
function schemaId(schema: object): number {
  let id = schemaIds.get(schema);
  if (id === undefined) schemaIds.set(schema, (id = nextSchemaId++));
  return id;
}
let nextSchemaId = 0;

const TOOL_SETS_KEPT = 16;

/**
 * The tool sets of runs with globals, by base tool set and key: one is made (its registry and catalog) the first time
 * a set of globals is seen, and kept for the next runs that declare the same, as an agent's runs do.
 */
export function createRunToolSets<T extends object>(make: (base: T, globals: RunGlobals) => T): (base: T, globals: RunGlobals) => T {
  const byBase = new WeakMap<T, Map<string, T>>();
  return (base, globals) => {
    let kept = byBase.get(base);
    if (!kept) byBase.set(base, (kept = new Map()));
    let made = kept.get(globals.key);
    if (!made) {
      made = make(base, globals);
      if (kept.size >= TOOL_SETS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(globals.key, made);
    }
    return made;
  };
}
