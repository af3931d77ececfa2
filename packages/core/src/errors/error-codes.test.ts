import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXECUTION_ERROR_KINDS } from "../envelopes/index.js";
import { ERROR_CODES } from "./error-codes.js";

const DOC = readFileSync(new URL("../../../../docs/errors.md", import.meta.url), "utf8");


/** The rows of the doc's table of codes: `| \`CODE\` | meaning | yes/no | surface: where |`. */
function documentedCodes(): Record<string, { meaning: string; retryable: boolean; surface: string }> {
  const rows: Record<string, { meaning: string; retryable: boolean; surface: string }> = {};
  for (const match of DOC.matchAll(/^\| `([A-Z_]+)` \| (.+?) \| (yes|no) \| (\w+):/gm)) {
    rows[match[1]!] = { meaning: match[2]!, retryable: match[3] === "yes", surface: match[4]! };
  }
  return rows;
}

describe("ERROR_CODES", () => {
  it("is the table docs/errors.md documents: the same codes, meanings, retryability and surfaces", () => {
    expect(documentedCodes()).toEqual(ERROR_CODES);
  });

  it("has SCREAMING_SNAKE codes whose lower-case forms are the eight call codes a script reads", () => {
    const codes = Object.keys(ERROR_CODES);
    expect(codes.every((code) => /^[A-Z]+(_[A-Z]+)*$/.test(code))).toBe(true);
    const call = codes.filter((code) => ERROR_CODES[code as keyof typeof ERROR_CODES].surface === "call");
    expect(call.map((code) => code.toLowerCase()).sort()).toEqual(
      ["access_denied", "cancelled", "invalid_arguments", "limit_exceeded", "not_found", "timeout", "tool_error", "unavailable"],
    );
  });
});

describe("docs/errors.md", () => {
  it("lists every execution kind, and no other", () => {
    const documented = [...DOC.matchAll(/^\| `([A-Z][A-Za-z]+)` \| [^|]+\|$/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual([...EXECUTION_ERROR_KINDS].sort());
  });
});
