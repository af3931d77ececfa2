import { createAdversaryTools, describeAdversarialSuite } from "../testing/index.js";
import { createCodeMode } from "./create-code-mode.js";

describeAdversarialSuite("createCodeMode", (limits) => createCodeMode({ tools: createAdversaryTools(), poolSize: 2, limits, check: "off" }));
