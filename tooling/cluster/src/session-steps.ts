/**
 * The scripts of one code session, step by step: each adds a value to a running sum and a Map, and first checks that
 * the session holds every earlier step. A step sent again after a lost answer finds itself in the Map and answers
 * as before, so a retry never counts twice.
 */
export function sessionStepScript(client: number, step: number): string {
  const value = stepValue(client, step);
  if (step === 0) return `var sum = ${value}; var seen = new Map([[0, ${value}]]); return { step: 0, sum, size: seen.size };`;
  return [
    `if (seen.get(${step}) === ${value}) return { step: ${step}, sum, size: seen.size };`,
    `if (seen.size !== ${step}) throw new Error("the session holds " + seen.size + " steps, not ${step}");`,
    `sum += ${value}; seen.set(${step}, ${value});`,
    `return { step: ${step}, sum, size: seen.size };`,
  ].join("\n");
}

/** What step `step` of client `client` must answer. */
export function expectedStep(client: number, step: number): { step: number; sum: number; size: number } {
  let sum = 0;
  for (let index = 0; index <= step; index++) sum += stepValue(client, index);
  return { step, sum, size: step + 1 };
}

function stepValue(client: number, step: number): number {
  return ((client * 7919 + step * 104_729) % 1000) + 1;
}
