import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { ToolSchema } from "./tool-definition.js";
import { isStandardSchema } from "./to-json-schema.js";

/** The outcome of checking a call's arguments against the tool's input schema. */
export type ValidationResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Checks one tool's arguments; compiled on first use, so a large catalog costs nothing until called. */
export type ArgumentValidator = (args: unknown) => ValidationResult | Promise<ValidationResult>;

let ajv: Promise<Ajv2020> | undefined;

// Loaded on the first JSON Schema validation: importing Ajv costs 150-300 ms, most of the core's cold start.
function sharedAjv(): Promise<Ajv2020> {
  // strict: false because real MCP servers publish schemas with keywords Ajv does not know.
  ajv ??= import("ajv/dist/2020.js").then(
    ({ Ajv2020 }) => new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: false }),
  );
  return ajv;
}

/** Builds the validator for an input schema: Standard Schemas validate themselves, JSON Schema goes through Ajv. */
export function createArgumentValidator(schema: ToolSchema | undefined): ArgumentValidator {
  if (schema === undefined) return (args) => ({ ok: true, value: args });
  if (isStandardSchema(schema)) {
    return async (args) => {
      const outcome = await schema["~standard"].validate(args);
      if (!outcome.issues) return { ok: true, value: outcome.value };
      return { ok: false, message: outcome.issues.map(formatIssue).join("; ") };
    };
  }
  let compiled: ValidateFunction | null | undefined;
  return async (args) => {
    if (compiled === undefined) compiled = compile(schema, await sharedAjv());
    // A schema Ajv cannot compile is the tool's own problem; the tool still gets called and can reject the input.
    if (compiled === null || compiled(args)) return { ok: true, value: args };
    return { ok: false, message: (compiled.errors ?? []).map(formatAjvError).join("; ") };
  };
}

function compile(schema: Record<string, unknown>, validator: Ajv2020): ValidateFunction | null {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  try {
    return validator.compile(rest);
  } catch {
    return null;
  }
}

function formatAjvError(error: ErrorObject): string {
  const where = error.instancePath || "arguments";
  if (error.keyword === "additionalProperties") {
    return `${where} has unknown property "${String(error.params.additionalProperty)}"`;
  }
  return `${where} ${error.message ?? "is invalid"}`;
}

function formatIssue(issue: { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }): string {
  const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment));
  return path.length > 0 ? `/${path.join("/")} ${issue.message}` : issue.message;
}
