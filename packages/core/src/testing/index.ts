// The core's testing subpath (`@codemode/core/testing`): shared fakes and the adapter conformance suite.
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
