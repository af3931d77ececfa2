import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { JsonSchema, ToolSchema } from "./tool-definition.js";

/** Whether a schema is a Standard Schema (zod, valibot, arktype, ...) rather than plain JSON Schema. */
export function isStandardSchema(schema: unknown): schema is StandardSchemaV1 {
  return typeof schema === "object" && schema !== null && "~standard" in schema;
}

/**
 * The JSON Schema of a tool's input or output. A Standard Schema is converted when its library can (Standard JSON
 * Schema); one that cannot becomes `{}`, which the catalog shows as `unknown`.
 */
export function toJsonSchema(schema: ToolSchema | undefined, io: "input" | "output" = "input"): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  if (!isStandardSchema(schema)) return schema as JsonSchema;
  const converter = (schema["~standard"] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (!converter) return {};
  try {
    const { $schema: _ignored, ...json } = converter[io]({ target: "draft-2020-12" });
    return json;
  } catch {
    // Some schemas (transforms, custom types) have no JSON Schema form; the catalog then shows `unknown`.
    return {};
  }
}
