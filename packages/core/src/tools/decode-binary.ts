import { fromBase64 as decodeBase64 } from "../portable/index.js";
type Schema = { [key: string]: unknown };

const MAX_DEPTH = 64;
const TEXT_MEDIA = /^(text\/|application\/(json|xml|javascript|yaml)\b)|\+(json|xml)$/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Turns the fields an MCP outputSchema marks as binary (`contentEncoding: "base64"`, or a non-text
 * `contentMediaType`) into Uint8Array, through arrays, properties, additionalProperties, anyOf/oneOf/allOf and local
 * `$ref`; everything else is returned as it came.
 */
export function decodeBinary(value: unknown, schema: unknown): unknown {
  if (!isSchema(schema)) return value;
  return decode(value, schema, schema, 0);
}

function decode(value: unknown, schema: Schema, root: Schema, depth: number): unknown {
  // A cyclic $ref or a hostile schema must not recurse without end.
  if (depth > MAX_DEPTH) return value;
  const resolved = resolveRef(schema, root);
  if (!resolved) return value;
  if (typeof value === "string" && isBinary(resolved)) return fromBase64(value);
  let result = value;
  for (const part of asSchemas(resolved.allOf)) result = decode(result, part, root, depth + 1);
  const branch = pickBranch(result, [...asSchemas(resolved.anyOf), ...asSchemas(resolved.oneOf)], root);
  if (branch) result = decode(result, branch, root, depth + 1);
  if (Array.isArray(result)) return decodeArray(result, resolved, root, depth);
  if (isSchema(result)) return decodeObject(result, resolved, root, depth);
  return result;
}

function decodeArray(items: unknown[], schema: Schema, root: Schema, depth: number): unknown[] {
  const prefix = asSchemas(schema.prefixItems);
  const rest = isSchema(schema.items) ? schema.items : undefined;
  if (prefix.length === 0 && !rest) return items;
  return items.map((item, index) => {
    const itemSchema = prefix[index] ?? rest;
    return itemSchema ? decode(item, itemSchema, root, depth + 1) : item;
  });
}

function decodeObject(object: Schema, schema: Schema, root: Schema, depth: number): Schema {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const additional = isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined;
  if (Object.keys(properties).length === 0 && !additional) return object;
  const out: Schema = {};
  for (const [key, item] of Object.entries(object)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : additional;
    out[key] = isSchema(property) ? decode(item, property, root, depth + 1) : item;
  }
  return out;
}

/** The first anyOf/oneOf branch whose declared type fits the value (a branch without a type fits anything). */
function pickBranch(value: unknown, branches: Schema[], root: Schema): Schema | undefined {
  return branches.find((branch) => {
    const type = resolveRef(branch, root)?.type;
    if (type === undefined) return true;
    return (Array.isArray(type) ? type : [type]).some((name) => fitsType(value, name));
  });
}

function fitsType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isSchema(value);
    case "integer":
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function isBinary(schema: Schema): boolean {
  if (schema.contentEncoding === "base64") return true;
  return typeof schema.contentMediaType === "string" && !TEXT_MEDIA.test(schema.contentMediaType);
}

function fromBase64(text: string): Uint8Array | string {
  const compact = text.replace(/\s+/g, "");
  // A value that is not base64 after all stays a string rather than becoming garbage bytes.
  if (!BASE64.test(compact)) return text;
  return decodeBase64(compact, compact.includes("-") || compact.includes("_"));
}

function resolveRef(schema: Schema, root: Schema): Schema | undefined {
  let current: Schema | undefined = schema;
  for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
    if (hops > MAX_DEPTH || !current.$ref.startsWith("#")) return undefined;
    current = pointer(root, current.$ref.slice(1));
  }
  return current;
}

function pointer(root: Schema, path: string): Schema | undefined {
  let node: unknown = root;
  for (const raw of path.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = isSchema(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return isSchema(node) ? node : undefined;
}

function asSchemas(value: unknown): Schema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
