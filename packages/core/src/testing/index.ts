// The core's testing subpath (`@codemode/core/testing`): shared fakes, the adapter conformance suite, the session
// store contract and the adversarial suite.
export type {
  AdapterHarness,
  AdapterRunResult,
  AdapterUnderTest,
  ConformanceOptions,
  ConformanceTool,
} from "./adapter-harness.js";
export { createDemoTools, type CreateDemoToolsOptions } from "./create-demo-tools.js";
export {
  DEMO_CUSTOMERS,
  DEMO_INVOICES,
  DEMO_TICKETS,
  type DemoCustomer,
  type DemoInvoice,
  type DemoTicket,
} from "./demo-data.js";
export { describeAdapterConformance } from "./describe-adapter-conformance.js";
export { describeSessionStoreContract, type SessionStoreUnderTest } from "./describe-session-store-contract.js";
export { MCP_RESULT_CASES, type McpResultCase } from "./mcp-result-cases.js";
export {
  ADVERSARIAL_ALLOW,
  ADVERSARIAL_CASES,
  ADVERSARIAL_LIMITS,
  ADVERSARIAL_WORKSPACE,
  ADVERSARY_NAMESPACE,
  CATASTROPHIC_PATTERN,
  checkExecutionResult,
  createAdversaryTools,
  describeAdversarialSuite,
  findNonJson,
  type AdversarialCase,
  type AdversarialCategory,
  type AdversarialHarness,
  type AdversarialPrincipal,
  type AdversarialProfile,
  type AdversarialSuiteOptions,
  type AdversarialTarget,
  type ExpectedOutcome,
  type Observers,
} from "./adversarial/index.js";
