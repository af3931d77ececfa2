import { performance } from "node:perf_hooks";

/**
 * One side of a comparison: `run` does the work once (timed); `check` throws if its answer is wrong (not timed, and
 * awaited when it returns a promise: a pause after a run goes there).
 */
export interface Contender {
  name: string;
  run: () => Promise<unknown>;
  check?: (answer: unknown) => void | Promise<void>;
}

/** How long {@link compareInterleaved} measures. */
export interface CompareOptions {
  /** Untimed rounds first, so JIT, caches and worker pools are warm. */
  warmup: number;
  minIterations: number;
  maxIterations: number;
  /** Stops after this much wall time once `minIterations` are done, so a noisy machine cannot stretch a run. */
  budgetMs: number;
}

/**
 * Times each contender once per round, rotating who goes first, so drift and noise on a shared machine hit every
 * side alike and ratios stay honest; returns the milliseconds of each run by contender name.
 */
export async function compareInterleaved(
  contenders: readonly Contender[],
  options: CompareOptions,
): Promise<Record<string, number[]>> {
  for (let round = 0; round < options.warmup; round++) {
    for (const contender of contenders) {
      // Not `check?.(await run())`: optional chaining would skip the run when there is no check.
      const answer = await contender.run();
      await contender.check?.(answer);
    }
  }
  const samples: Record<string, number[]> = Object.fromEntries(contenders.map((c) => [c.name, []]));
  const started = performance.now();
  for (let round = 0; round < options.maxIterations; round++) {
    if (round >= options.minIterations && performance.now() - started > options.budgetMs) break;
    for (let turn = 0; turn < contenders.length; turn++) {
      const contender = contenders[(round + turn) % contenders.length]!;
      const before = performance.now();
      const answer = await contender.run();
      samples[contender.name]!.push(performance.now() - before);
      await contender.check?.(answer);
    }
  }
  return samples;
}
