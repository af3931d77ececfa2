// An opening fence on its own line, after any leading blank lines; the info string is one of the languages we run.
const OPENING_FENCE = /^(\s*)```[ \t]*(?:js|javascript|ts|typescript|mjs|cjs|mts|cts)?[ \t]*(?=\r?\n)/i;
const CLOSING_FENCE = /```\s*$/;

/**
 * Blanks the markdown code fences around a script (```js, ```ts, ```typescript, ```javascript or bare ```), keeping
 * every other character where it was so that lines and columns still point into the text as the user gave it.
 */
export function removeCodeFences(code: string): string {
  const opening = OPENING_FENCE.exec(code);
  if (opening === null) return code;
  const leading = opening[1] ?? "";
  const afterOpening = code.slice(opening[0].length);
  // The closing fence is optional: a model's answer cut short still runs.
  return leading + afterOpening.replace(CLOSING_FENCE, (match) => match.slice(3));
}
