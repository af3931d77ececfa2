import { renderJsDoc, renderKey } from "./render-jsdoc.js";

/** How {@link jsonSchemaToTypeScript} writes a type. */
export interface JsonSchemaToTypeScriptOptions {
  /** Nesting past this depth becomes `unknown` with a note. Default 8. */
  maxDepth?: number;
  /** Multi-line objects with JSDoc (default) or one line without comments. */
  style?: "pretty" | "compact";
  /** The indentation the type starts at, for nesting inside other text. Default "". */
  indent?: string;
  /**
   * Writes the type as the script checker reads it: what the schema leaves open reads as anything. `unknown` becomes
   * `any`, and an object takes other keys (`[key: string]: any`) unless `additionalProperties` is `false`, so only
   * what the schema rules out is an error. Default false: the type as the model is shown it.
   */
  open?: boolean;
}

/** A TypeScript type written from a JSON Schema, with the notes of every place that degraded to `unknown`. */
export interface TypeScriptType {
  type: string;
  notes: string[];
}

type Schema = Record<string, unknown>;

interface Context {
  root: Schema;
  maxDepth: number;
  pretty: boolean;
  refStack: string[];
  notes: string[];
  /** Nodes left before the whole type gives up: guards against wide DAGs of `$ref` that multiply. */
  budget: number;
  open: boolean;
}

const NODE_BUDGET = 5000;

/**
 * Writes the TypeScript type a JSON Schema describes: objects, optional properties, arrays and tuples, enums and
 * consts, unions, nullable types, local `$ref`s and index signatures, with descriptions and defaults as JSDoc.
 * Recursive, too deep or unresolvable parts become `unknown` with a note; it never throws.
 */
export function jsonSchemaToTypeScript(schema: unknown, options: JsonSchemaToTypeScriptOptions = {}): TypeScriptType {
  const context: Context = {
    root: isSchema(schema) ? schema : {},
    maxDepth: options.maxDepth ?? 8,
    pretty: (options.style ?? "pretty") === "pretty",
    refStack: [],
    notes: [],
    budget: NODE_BUDGET,
    open: options.open === true,
  };
  return { type: render(schema, context, 0, options.indent ?? ""), notes: context.notes };
}

/** The type of a value a schema leaves open: `unknown` as the model is shown it, `any` as the checker reads it. */
function top(context: Context): string {
  return context.open ? "any" : "unknown";
}

function render(schema: unknown, context: Context, depth: number, indent: string): string {
  if (schema === false) return "never";
  if (!isSchema(schema)) return top(context);
  if (depth > context.maxDepth) return degrade(context, `nested deeper than ${context.maxDepth} levels`);
  if (--context.budget < 0) return degrade(context, "schema too large to show");
  const type = renderCore(schema, context, depth, indent);
  return schema.nullable === true && type !== top(context) ? union([type, "null"], context) : type;
}

function renderCore(schema: Schema, context: Context, depth: number, indent: string): string {
  if (typeof schema.$ref === "string") return renderRef(schema.$ref, context, depth, indent);
  if ("const" in schema) return literal(schema.const) ?? top(context);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => literal(value) ?? top(context)), context);
  const variants = arrayOrUndefined(schema.anyOf) ?? arrayOrUndefined(schema.oneOf);
  if (variants) {
    const alternatives = union(variants.map((variant) => render(variant, context, depth + 1, indent)), context);
    const base = hasShape(schema) ? renderByType(schema, context, depth, indent) : top(context);
    return intersection([base, alternatives], context);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => render(part, context, depth + 1, indent));
    if (hasShape(schema)) parts.unshift(renderByType(schema, context, depth, indent));
    return intersection(parts, context);
  }
  return renderByType(schema, context, depth, indent);
}

function renderByType(schema: Schema, context: Context, depth: number, indent: string): string {
  const types = typeof schema.type === "string" ? [schema.type] : (arrayOrUndefined(schema.type) ?? inferTypes(schema));
  if (types.length === 0) return top(context);
  return union(types.map((type) => renderType(String(type), schema, context, depth, indent)), context);
}

function inferTypes(schema: Schema): string[] {
  if ("properties" in schema || "additionalProperties" in schema || "patternProperties" in schema) return ["object"];
  if ("items" in schema || "prefixItems" in schema) return ["array"];
  return [];
}

function renderType(type: string, schema: Schema, context: Context, depth: number, indent: string): string {
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return renderArray(schema, context, depth, indent);
    case "object":
      return renderObject(schema, context, depth, indent);
    default:
      return top(context);
  }
}

function renderArray(schema: Schema, context: Context, depth: number, indent: string): string {
  const tuple = arrayOrUndefined(schema.prefixItems) ?? arrayOrUndefined(schema.items);
  if (tuple) {
    const rest = Array.isArray(schema.prefixItems) ? schema.items : schema.additionalItems;
    const members = tuple.map((item) => render(item, context, depth + 1, indent));
    if (rest !== undefined && rest !== false) members.push(`...${arrayOf(render(rest, context, depth + 1, indent))}`);
    return `[${members.join(", ")}]`;
  }
  return arrayOf(schema.items === undefined ? top(context) : render(schema.items, context, depth + 1, indent));
}

function renderObject(schema: Schema, context: Context, depth: number, indent: string): string {
  const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const extra = extraValues(schema, context, depth, indent);
  const closed = schema.additionalProperties === false && !isSchema(schema.patternProperties);
  if (properties.length === 0) return `Record<string, ${extra ?? (schema.additionalProperties === false ? "never" : top(context))}>`;
  const inner = context.pretty ? `${indent}  ` : "";
  const members = properties.map(([key, value]) => ({
    doc: context.pretty ? renderJsDoc(value, inner) : "",
    text: `${renderKey(key)}${required.has(key) ? "" : "?"}: ${render(value, context, depth + 1, inner)};`,
  }));
  const oneLine = `{ ${members.map((member) => member.text).join(" ").slice(0, -1)} }`;
  // Short objects without comments read better on one line, even in the pretty style.
  const fits = oneLine.length <= 72 && !oneLine.includes("\n") && members.every((member) => member.doc === "");
  const lines = members.map((member) => `${member.doc}${inner}${member.text}`);
  if (context.open) {
    // Other keys read as anything: an index signature of a narrower type would also constrain the named keys.
    return closed ? oneLine : `${oneLine.slice(0, -2)}; [key: string]: any }`;
  }
  const body = !context.pretty || fits ? oneLine : `{\n${lines.join("\n")}\n${indent}}`;
  return extra === undefined ? body : `${body} & Record<string, ${extra}>`;
}

/** The type of properties beyond the named ones, or undefined when the schema names none or forbids them. */
function extraValues(schema: Schema, context: Context, depth: number, indent: string): string | undefined {
  const sources: unknown[] = [];
  if (isSchema(schema.patternProperties)) sources.push(...Object.values(schema.patternProperties));
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false) sources.push(additional);
  if (sources.length === 0) return undefined;
  return union(sources.map((source) => render(source, context, depth + 1, indent)), context);
}

function renderRef(ref: string, context: Context, depth: number, indent: string): string {
  if (context.refStack.includes(ref)) return degrade(context, `recursive ${ref}`);
  const target = resolvePointer(context.root, ref);
  if (target === undefined) return degrade(context, `unresolved ${ref}`);
  context.refStack.push(ref);
  try {
    return render(target, context, depth + 1, indent);
  } finally {
    context.refStack.pop();
  }
}

/** Resolves a local JSON Pointer such as `#/$defs/Invoice` or `#/definitions/Invoice`. */
function resolvePointer(root: Schema, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isSchema(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function degrade(context: Context, note: string): string {
  context.notes.push(note);
  return context.open ? "any" : `unknown /* ${note.replace(/\*\//g, "*\\/")} */`;
}

function hasShape(schema: Schema): boolean {
  return "type" in schema || "properties" in schema || "items" in schema;
}

function literal(value: unknown): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function arrayOf(type: string): string {
  return /^[\w.]+$/.test(type) || type.endsWith("[]") && !type.includes(" ") ? `${type}[]` : `Array<${type}>`;
}

function union(types: string[], context: Context): string {
  const unique = [...new Set(types)];
  const open = top(context);
  if (unique.includes(open) || unique.some((type) => type.startsWith(`${open} /*`))) {
    return unique.find((type) => type.startsWith(open)) ?? open;
  }
  return unique.length === 0 ? "never" : unique.join(" | ");
}

function intersection(types: string[], context: Context): string {
  const open = top(context);
  const useful = [...new Set(types)].filter((type) => type !== open);
  if (useful.length === 0) return types.find((type) => type.startsWith(open)) ?? open;
  return useful.map((type) => (useful.length > 1 && type.includes(" | ") ? `(${type})` : type)).join(" & ");
}

function arrayOrUndefined(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
