import type { AdversarialCase } from "./adversarial-case.js";
import { BRIDGE_CASES } from "./bridge-cases.js";
import { HOST_WORK_CASES } from "./host-work-cases.js";
import { TENANT_CASES } from "./tenant-cases.js";
import { CPU_CASES } from "./cpu-cases.js";
import { ESCAPE_CASES } from "./escape-cases.js";
import { ISOLATION_CASES } from "./isolation-cases.js";
import { MEMORY_CASES } from "./memory-cases.js";
import { OUTPUT_CASES } from "./output-cases.js";
import { STACK_CASES } from "./stack-cases.js";
import { TOOL_CALL_CASES } from "./tool-call-cases.js";
import { TYPESCRIPT_CASES } from "./typescript-cases.js";

/** Every adversarial case, by category: the one table the engine's and the gateway's adversarial tests run. */
export const ADVERSARIAL_CASES: readonly AdversarialCase[] = [
  ...CPU_CASES,
  ...MEMORY_CASES,
  ...STACK_CASES,
  ...ESCAPE_CASES,
  ...OUTPUT_CASES,
  ...TOOL_CALL_CASES,
  ...BRIDGE_CASES,
  ...HOST_WORK_CASES,
  ...TENANT_CASES,
  ...TYPESCRIPT_CASES,
  ...ISOLATION_CASES,
];
