import type { ColumnUnit, PreparedScript } from "./prepared-script.js";
import { removeCodeFences } from "./remove-code-fences.js";
import { scanScript } from "./scan-script.js";
import { LIMIT_MESSAGES, type CodeModeError } from "../errors/index.js";
import { createParseError, isParseError, parsePositionOf } from "./parse-error.js";
import { hasTypeStripper, stripTypes } from "./strip-types.js";
import { toUtf16Column } from "./to-utf16-column.js";
import { utf8ByteLength } from "../portable/index.js";

/** Options of {@link prepareScript}. */
export interface PrepareScriptOptions {
  /** Largest script accepted, in UTF-8 bytes. */
  maxCodeBytes: number;
}

const FILE_NAME = "codemode-script.js";

function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}

/** About 52 random bits, as base-36 digits. */
const randomDigits = (): string => Math.random().toString(36).slice(2);

// The user's code sits in a labelled block whose label only the closing line names. Code that closes the wrapper
// early (`})(); evil(); (async () => {`) leaves that `break` outside the label, an early SyntaxError, so nothing
// runs; the label is random per script, so the code cannot name it. The prefix has a line of its own so that the
// user's line N is the program's line N + 1 and its columns need no shift.
// Math.random rather than Web Crypto: the label has only to be unknown when the script is written, and a script that
// named it would still run in the same sandbox. Node.js loads its Web Crypto on first use, 3-6 ms of a cold start.
function wrap(body: string): { source: string; label: string } {
  const label = `__codemode_${randomDigits()}${randomDigits()}`;
  return { source: `(async () => {${label}:{{\n${body}\n}break ${label};}})()`, label };
}

/**
 * Whether preparing `code` needs the type stripper, which is not loaded yet: the code may hold TypeScript (the same
 * lexer prepareScript runs decides). Load it (installTypeStripper) before preparing such code.
 */
export function needsTypeStripper(code: string): boolean {
  return !hasTypeStripper() && scanScript(removeCodeFences(code)).mayContainTypes;
}

/**
 * Turns the user's code (the body of an async function, maybe fenced in markdown, maybe TypeScript) into a program
 * for QuickJS that evaluates to the promise of that body, keeping every line and column of the user's text.
 * Throws a `PARSE_ERROR` CodeModeError when the code is too large or holds TypeScript that cannot be stripped.
 * @example
 * const prepared = prepareScript("```ts\nconst n: number = 1;\nreturn n\n```", { maxCodeBytes: 65536 });
 * context.evalCode(prepared.source, prepared.fileName, { type: "global" });
 */
export function prepareScript(code: string, options: PrepareScriptOptions): PreparedScript {
  const bytes = utf8ByteLength(code);
  if (bytes > options.maxCodeBytes) {
    throw createParseError(LIMIT_MESSAGES.code(bytes, options.maxCodeBytes));
  }
  const userLines = code.split("\n");
  let { source } = wrap(removeCodeFences(code));
  // Moves a position in `source` into the user's text; the wrapper's own lines clamp to the ends of the user's code.
  const relocate = (error: CodeModeError): CodeModeError => {
    const at = parsePositionOf(error);
    if (at.line === null) return error;
    const lastLine = userLines.length;
    const line = Math.min(Math.max(at.line - 1, 1), lastLine);
    const column = at.line - 1 > lastLine ? (userLines[lastLine - 1] ?? "").length + 1 : at.line === 1 ? 1 : at.column ?? 1;
    return createParseError(error.message.replace(/\.$/, ` (line ${line}, column ${column}).`), { line, column });
  };
  if (scanScript(source).mayContainTypes) {
    try {
      source = stripTypes(source);
    } catch (error) {
      throw isParseError(error) ? relocate(error) : error;
    }
    const { decoratorOffset } = scanScript(source);
    if (decoratorOffset !== null) {
      const { line, column } = positionOf(source, decoratorOffset);
      throw relocate(createParseError("Decorators are not supported.", { line, column }));
    }
  }
  const sourceLines = source.split("\n");
  return {
    source,
    fileName: FILE_NAME,
    toUserPosition(line: number, column: number, unit: ColumnUnit = "codepoint") {
      const userLine = line - 1;
      const text = sourceLines[line - 1];
      if (userLine < 1 || userLine > userLines.length || text === undefined) return null;
      return { line: userLine, column: toUtf16Column(text, column, unit) };
    },
  };
}
