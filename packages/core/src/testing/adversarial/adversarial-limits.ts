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
  maxArgumentBytes: 512 * 1024,
  maxTotalArgumentBytes: 2 * MiB,
} as const;

/** The limits of each adversarial profile; a harness creates one code mode (or gateway) per profile. */
export const ADVERSARIAL_LIMITS: Readonly<Record<AdversarialProfile, Readonly<Partial<ExecutionLimits>>>> = Object.freeze({
  deadline: Object.freeze({ ...SHARED, timeoutMs: 500 }),
  roomy: Object.freeze({ ...SHARED, timeoutMs: 15_000 }),
});

/** The allowlist of the adversary's runs: its own tools, and the glob shape (`*.read_*`) a long name once stalled. */
export const ADVERSARIAL_ALLOW: readonly string[] = Object.freeze(["adversary.*", "*.read_*"]);

/** The caps of the workspace a harness gives scripts (a folder per principal, in a fresh temporary folder). */
export const ADVERSARIAL_WORKSPACE = Object.freeze({ maxFileBytes: 512 * 1024, maxTotalBytes: MiB });
