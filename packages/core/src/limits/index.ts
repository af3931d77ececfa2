export { DEFAULT_LIMITS, type ExecutionLimits } from "./execution-limits.js";
export { resolveLimits } from "./resolve-limits.js";
