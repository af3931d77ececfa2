import { CodeModeError, nearestName } from "../errors/index.js";
import { DEFAULT_LIMITS, type ExecutionLimits } from "./execution-limits.js";

/** Fills in the defaults: a limit that is absent or 0 takes its default; anything else must be a positive integer. */
export function resolveLimits(limits: Partial<ExecutionLimits> = {}): ExecutionLimits {
  const resolved = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(limits) as [keyof ExecutionLimits, unknown][]) {
    if (!(key in DEFAULT_LIMITS)) {
      const names = Object.keys(DEFAULT_LIMITS);
      const near = nearestName(key, names);
      const guess = near === undefined ? "." : `; did you mean "${near}"?`;
      throw new CodeModeError("INVALID_OPTIONS", `Unknown limit "${key}"${guess} The limits are ${names.join(", ")}.`, { details: { limit: key } });
    }
    if (value === undefined || value === 0) continue;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      throw new CodeModeError("INVALID_OPTIONS", `Limit "${key}" must be a positive integer, got ${String(value)}.`, {
        details: { limit: key },
      });
    }
    resolved[key] = value;
  }
  return resolved;
}
