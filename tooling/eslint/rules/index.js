export { layers } from "./layers.js";
export { noCycle } from "./no-cycle.js";
export { noSkippedTests } from "./no-skipped-tests.js";
