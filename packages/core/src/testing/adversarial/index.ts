export type {
  AdversarialCase,
  AdversarialCategory,
  AdversarialProfile,
  ExpectedOutcome,
  Observers,
} from "./adversarial-case.js";
export { ADVERSARIAL_CASES } from "./adversarial-cases.js";
export { ADVERSARIAL_LIMITS } from "./adversarial-limits.js";
export { checkExecutionResult, findNonJson } from "./check-execution-result.js";
export { ADVERSARY_NAMESPACE, createAdversaryTools } from "./create-adversary-tools.js";
export {
  describeAdversarialSuite,
  type AdversarialHarness,
  type AdversarialSuiteOptions,
  type AdversarialTarget,
} from "./describe-adversarial-suite.js";
