export type {
  AdversarialCase,
  AdversarialCategory,
  AdversarialProfile,
  ExpectedOutcome,
  Observers,
} from "./adversarial-case.js";
export { ADVERSARIAL_CASES } from "./adversarial-cases.js";
export { ADVERSARIAL_ALLOW, ADVERSARIAL_LIMITS, ADVERSARIAL_WORKSPACE } from "./adversarial-limits.js";
export { checkExecutionResult, findNonJson } from "./check-execution-result.js";
export { ADVERSARY_NAMESPACE, CATASTROPHIC_PATTERN, createAdversaryTools } from "./create-adversary-tools.js";
export {
  describeAdversarialSuite,
  type AdversarialHarness,
  type AdversarialPrincipal,
  type AdversarialSuiteOptions,
  type AdversarialTarget,
} from "./describe-adversarial-suite.js";
