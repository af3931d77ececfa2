import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADVERSARIAL_ALLOW, ADVERSARIAL_WORKSPACE, createAdversaryTools, describeAdversarialSuite } from "../testing/index.js";
import { createCodeMode } from "./create-code-mode.js";

describeAdversarialSuite("createCodeMode", async (limits) => {
  const dir = await mkdtemp(join(tmpdir(), "codemode-adversarial-"));
  const workspace = { dir, ...ADVERSARIAL_WORKSPACE };
  const codeMode = createCodeMode({ tools: createAdversaryTools(), poolSize: 2, limits, workspace, check: "off" });
  return {
    execute: (code, principal = "adversary") =>
      codeMode.execute(code, principal === "adversary" ? { owner: principal, allow: ADVERSARIAL_ALLOW } : { owner: principal }),
    async close() {
      await codeMode.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
