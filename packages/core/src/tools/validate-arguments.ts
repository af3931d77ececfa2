import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { RegExpEngine } from "ajv/dist/types/index.js";
import type { RE2JS } from "re2js";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { cutText, previewText } from "../errors/index.js";
import type { ToolSchema } from "./tool-definition.js";
import { isStandardSchema } from "./to-json-schema.js";

/** The outcome of checking a call's arguments against the tool's input schema. */
export type ValidationResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Checks one tool's arguments; compiled on first use, so a large catalog costs nothing until called. */
export type ArgumentValidator = (args: unknown) => ValidationResult | Promise<ValidationResult>;

type StandardOutcome = StandardSchemaV1.Result<unknown>;

let ajv: Promise<Ajv2020> | undefined;

/** The most UTF-8 bytes of a validation message: the first problems, each quoting at most the start of a name. */
const MAX_MESSAGE_BYTES = 1024;
const MAX_ISSUES = 5;

// Loaded on the first JSON Schema validation: importing Ajv costs 150-300 ms, most of the core's cold start.
function sharedAjv(): Promise<Ajv2020> {
  // strict: false because real MCP servers publish schemas with keywords Ajv does not know. allErrors stays off: it
  // makes Ajv's work and message grow with every bad property of arguments the script chose. Patterns run on RE2JS,
  // in time linear in the text, since they run on the host's thread with script-chosen text.
  ajv ??= Promise.all([import("ajv/dist/2020.js"), import("re2js")]).then(
    ([{ Ajv2020 }, { RE2JS }]) =>
      new Ajv2020({ strict: false, validateSchema: false, validateFormats: false, code: { regExp: linearRegExp(RE2JS) } }),
  );
  return ajv;
}

/** Ajv's regular-expression engine on RE2JS; `toString` keys Ajv's cache of compiled patterns. */
function linearRegExp(engine: typeof RE2JS): RegExpEngine {
  const compile = (pattern: string) => {
    const compiled = engine.compile(engine.translateRegExp(pattern));
    return { test: (text: string) => compiled.test(text), toString: () => `re2js:${pattern}` };
  };
  return Object.assign(compile, { code: "re2js" });
}

/** Builds the validator for an input schema: Standard Schemas validate themselves, JSON Schema goes through Ajv. */
export function createArgumentValidator(schema: ToolSchema | undefined): ArgumentValidator {
  if (schema === undefined) return (args) => ({ ok: true, value: args });
  // Answered at once whenever the schema answers at once (not as a promise): each await is a turn of the microtask
  // queue on every tool call.
  if (isStandardSchema(schema)) {
    const read = (outcome: StandardOutcome): ValidationResult =>
      outcome.issues
        ? { ok: false, message: joinIssues(outcome.issues.slice(0, MAX_ISSUES).map(formatIssue), outcome.issues.length) }
        : { ok: true, value: outcome.value };
    return (args) => {
      const outcome = schema["~standard"].validate(args);
      return outcome instanceof Promise ? outcome.then(read) : read(outcome);
    };
  }
  let compiled: ValidateFunction | null | undefined;
  const check = (validate: ValidateFunction | null, args: unknown): ValidationResult => {
    // A schema Ajv cannot compile is the tool's own problem; the tool still gets called and can reject the input.
    if (validate === null || validate(args)) return { ok: true, value: args };
    const errors = validate.errors ?? [];
    return { ok: false, message: joinIssues(errors.slice(0, MAX_ISSUES).map(formatAjvError), errors.length) };
  };
  return (args) => {
    if (compiled !== undefined) return check(compiled, args);
    return sharedAjv().then((validator) => check((compiled ??= compile(schema, validator)), args));
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

/** The first problems, joined, within MAX_MESSAGE_BYTES, counting the ones left out. */
function joinIssues(issues: string[], total: number): string {
  const more = total > issues.length ? `; and ${total - issues.length} more` : "";
  return cutText(`${issues.join("; ")}${more}`, MAX_MESSAGE_BYTES);
}

// Paths and property names come from the script's arguments: each is quoted by its start and length at most.
function formatAjvError(error: ErrorObject): string {
  const where = previewText(error.instancePath) || "arguments";
  if (error.keyword === "additionalProperties") {
    return `${where} has unknown property "${previewText(String(error.params.additionalProperty))}"`;
  }
  return `${where} ${error.message ?? "is invalid"}`;
}

function formatIssue(issue: { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }): string {
  const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment));
  return path.length > 0 ? `${previewText(`/${path.join("/")}`)} ${issue.message}` : issue.message;
}
