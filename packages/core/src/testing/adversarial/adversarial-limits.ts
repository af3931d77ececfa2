import type { ExecutionLimits } from "../../index.js";
import type { AdversarialProfile } from "./adversarial-case.js";

const MiB = 1024 * 1024;

// Small caps keep each case quick; the same values go to the engine and to the gateway's config.
const SHARED = {
  memoryBytes: 8 * MiB,
  maxHostCalls: 50,
  maxOutputBytes: 64 * 1024,
  maxLogLines: 50,
  maxToolResultBytes: 256 * 1024,
} as const;

/** The limits of each adversarial profile; a harness creates one code mode (or gateway) per profile. */
export const ADVERSARIAL_LIMITS: Readonly<Record<AdversarialProfile, Readonly<Partial<ExecutionLimits>>>> = Object.freeze({
  deadline: Object.freeze({ ...SHARED, timeoutMs: 500 }),
  roomy: Object.freeze({ ...SHARED, timeoutMs: 15_000 }),
});
