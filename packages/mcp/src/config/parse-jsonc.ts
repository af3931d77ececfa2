import { locateJsonError, positionOf } from "./locate-json-error.js";

/**
 * Parses JSON that may carry comments and trailing commas, as VS Code writes its mcp.json and settings.json (JSONC);
 * plain JSON parses the same. Throws a SyntaxError that says where, by line and column, and what was expected.
 */
export function parseJsonc(text: string): unknown {
  // Comments and trailing commas become spaces, so that every line and column stays where it was in `text`.
  let out = "";
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      const end = endOfString(text, index);
      out += text.slice(index, end);
      index = end;
    } else if (char === "/" && text[index + 1] === "/") {
      const end = text.includes("\n", index) ? text.indexOf("\n", index) : text.length;
      out += " ".repeat(end - index);
      index = end;
    } else if (char === "/" && text[index + 1] === "*") {
      const end = text.indexOf("*/", index + 2);
      if (end === -1) {
        const { line, column } = positionOf(text, index);
        throw new SyntaxError(`a comment is not closed with */ (it opens at line ${line}, column ${column})`);
      }
      out += text.slice(index, end + 2).replace(/[^\n]/g, " ");
      index = end + 2;
    } else if (char === ",") {
      const next = text[skipBlank(text, index + 1)];
      out += next !== "}" && next !== "]" ? char : " ";
      index++;
    } else {
      out += char;
      index++;
    }
  }
  try {
    return JSON.parse(out);
  } catch {
    const { line, column, problem } = locateJsonError(out);
    throw new SyntaxError(`${problem} at line ${line}, column ${column}`);
  }
}

function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === "\\") index += 2;
    else if (text[index] === '"') return index + 1;
    else index++;
  }
  return index;
}

/** The index of the next character that is neither white space nor inside a comment. */
function skipBlank(text: string, start: number): number {
  let index = start;
  while (index < text.length) {
    if (/\s/.test(text[index]!)) index++;
    else if (text.startsWith("//", index)) index = text.includes("\n", index) ? text.indexOf("\n", index) : text.length;
    else if (text.startsWith("/*", index)) index = text.includes("*/", index + 2) ? text.indexOf("*/", index + 2) + 2 : text.length;
    else break;
  }
  return index;
}
