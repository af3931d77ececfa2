import { createParseError } from "./parse-error.js";

/** SWC's strip-only TypeScript transform, as `@swc/wasm-typescript-esm` exports it once its WebAssembly is in. */
export type TransformTypeScript = (code: string, options: { mode: "strip-only" }) => { code: string };

/** What SWC throws: a plain object, not an Error. */
interface SwcError {
  code?: string;
  message?: string;
  startLine?: number;
  startColumn?: number;
}

let transform: TransformTypeScript | undefined;

/**
 * Gives the stripper its transform. Its WebAssembly (about 4 MB) is loaded by the runtime's own means and only when
 * a script first needs it, so plain JavaScript never pays for it.
 */
export function installTypeStripper(transformSync: TransformTypeScript): void {
  transform = transformSync;
}

/** Whether the stripper has its transform. */
export function hasTypeStripper(): boolean {
  return transform !== undefined;
}

function loadedTransform(): TransformTypeScript {
  if (!transform) throw createParseError("TypeScript could not be stripped: the type stripper is not loaded.");
  return transform;
}

function toSwcError(thrown: unknown): SwcError {
  if (typeof thrown === "string") return { message: thrown };
  if (typeof thrown === "object" && thrown !== null) return thrown as SwcError;
  return { message: String(thrown) };
}

// SWC counts columns in display width (a CJK character counts 2); in text made of ASCII it counts UTF-16 units.
function asciiOnly(code: string): string {
  return code.replace(/[^ -~\t\n\r]/g, (char) => (/\s/.test(char) ? " " : "x"));
}

function columnOf(source: string, error: SwcError): number | null {
  if (error.startColumn === undefined || error.startLine === undefined) return null;
  if (!/[^ -~\t\n\r]/.test(source)) return error.startColumn + 1;
  try {
    loadedTransform()(asciiOnly(source), { mode: "strip-only" });
  } catch (thrown) {
    const again = toSwcError(thrown);
    if (again.startLine === error.startLine && again.startColumn !== undefined) return again.startColumn + 1;
  }
  return error.startColumn + 1;
}

/**
 * Removes TypeScript types with SWC's strip-only mode, which replaces them with spaces so that every line and
 * column stays put. Throws a `PARSE_ERROR` positioned in `source` (1-based line, UTF-16 column) for syntax that
 * cannot be stripped (`enum`, `namespace`, parameter properties, `<T>x` casts) or that does not parse.
 */
export function stripTypes(source: string): string {
  try {
    return loadedTransform()(source, { mode: "strip-only" }).code;
  } catch (thrown) {
    const error = toSwcError(thrown);
    const message = (error.message ?? "TypeScript could not be stripped").replace(/\.?$/, ".");
    throw createParseError(message, { line: error.startLine ?? null, column: columnOf(source, error) });
  }
}
