import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "./__fixtures__/install-type-stripper.js";
import { runInQuickJS } from "./__fixtures__/run-in-quickjs.js";
import { locateError } from "./locate-error.js";
import { prepareScript } from "./prepare-script.js";

const blank = fc.stringMatching(/^[ \t\n]{0,4}$/);
const fence = fc.constantFrom(null, "```", "```js", "```ts", "```typescript", "```javascript", "```JS");
// Lines that run without error and may make the stripper run (annotations) or not; `$` becomes a unique number.
const filler = fc.constantFrom(
  "const a$ = 1;",
  "// a comment with `backticks` and 'quotes'",
  "/* a block comment */ let b$ = [1, 2].map((x) => x * 2);",
  "const c$: number = 3;",
  "const d$ = { k: 'é😀中' } as const;",
  "",
  "   ",
  "type T$ = { a: string };",
);
// What comes before the failing expression on its line, possibly non-ASCII.
const prefix = fc.constantFrom("", "  ", "\t", "const s = 'é😀中'; ", "let n: number = 2; ", "/* c */ ");

describe("prepareScript", () => {
  it("maps an error's position back to the user's text through any fences, comments and whitespace", async () => {
    await fc.assert(
      fc.asyncProperty(
        blank, fence, fc.array(filler, { maxLength: 4 }), prefix, fc.array(filler, { maxLength: 3 }), blank,
        fc.boolean(),
        async (leading, opening, before, onLine, after, trailing, endComment) => {
          let unique = 0;
          const lines0 = [...before, `${onLine}null.x;`, ...after].map((text) => text.replaceAll("$", () => String(unique++)));
          const body = lines0.join("\n") + (endComment ? "\n// the end" : "");
          const code = opening === null ? `${leading}${body}${trailing}` : `${leading}${opening}\n${body}\n\`\`\`${trailing}`;
          const lines = code.split("\n");
          const line = lines.findIndex((text) => text.includes("null.x;")) + 1;
          // QuickJS places a failed property read at its dot.
          const column = (lines[line - 1] ?? "").indexOf(".x;") + 1;
          const prepared = prepareScript(code, { maxCodeBytes: 65536 });
          const outcome = await runInQuickJS(prepared.source, prepared.fileName);
          expect(outcome.status).toBe("rejected");
          const stack = outcome.status === "rejected" ? String(outcome.error.stack) : "";
          expect(locateError(stack, prepared)).toEqual({ line, column });
        },
      ),
      { numRuns: 120 },
    );
  });
});
