import type { RunLimits } from "../protocol.js";

/** Small limits for the sandbox's own tests, with the deadline each test needs. */
export function testLimits(timeoutMs: number): RunLimits {
  return {
    timeoutMs,
    memoryBytes: 8 * 1024 * 1024,
    maxStackBytes: 256 * 1024,
    maxHostCalls: 10,
    maxLogLines: 10,
    maxLogLineBytes: 100,
    maxOutputBytes: 10_000,
    maxArgumentBytes: 100_000,
    maxTotalArgumentBytes: 1_000_000,
  };
}
