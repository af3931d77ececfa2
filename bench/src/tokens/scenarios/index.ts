import type { TokenScenario } from "../token-scenario.js";
import { customerJoinScenario } from "./customer-join-scenario.js";
import { invoicePagesScenario } from "./invoice-pages-scenario.js";
import { largeDocumentScenario } from "./large-document-scenario.js";
import { manyToolsScenario } from "./many-tools-scenario.js";

/** The scenarios of the token benchmark, in the order bench/README.md lists them. */
export const TOKEN_SCENARIOS: readonly TokenScenario[] = [invoicePagesScenario, customerJoinScenario, manyToolsScenario, largeDocumentScenario];
