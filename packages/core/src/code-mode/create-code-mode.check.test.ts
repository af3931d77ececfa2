import { afterAll, describe, expect, it } from "vitest";
import { TOOL_SETS, type CallLog, type ToolSetName } from "../check/__fixtures__/corpus-tools.js";
import { CORRECT_SCRIPTS, SESSION_SCRIPTS } from "../check/__fixtures__/correct-scripts.js";
import { FAULTY_SCRIPTS } from "../check/__fixtures__/faulty-scripts.js";
import type { CodeMode } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";

// One code mode per tool set and corpus, with the default check ("refuse"), and the log of every call its tools ran.
const modes = new Map<string, { codeMode: CodeMode; log: CallLog }>();
function modeOf(name: ToolSetName, corpus: "faulty" | "correct") {
  let mode = modes.get(`${corpus} ${name}`);
  if (!mode) {
    const log: CallLog = { calls: [] };
    const codeMode = createCodeMode({ tools: TOOL_SETS[name](log), poolSize: 1, sessions: {}, limits: { timeoutMs: 10_000 } });
    modes.set(`${corpus} ${name}`, (mode = { codeMode, log }));
  }
  return mode;
}

afterAll(async () => {
  await Promise.all([...modes.values()].map(({ codeMode }) => codeMode.close()));
});

describe("createCodeMode check", () => {
  it("holds a corpus of at least 30 faulty and 50 correct scripts, JavaScript and TypeScript, every fault kind", () => {
    expect(FAULTY_SCRIPTS.length).toBeGreaterThanOrEqual(30);
    expect(CORRECT_SCRIPTS.length + SESSION_SCRIPTS.reduce((sum, session) => sum + session.steps.length, 0)).toBeGreaterThanOrEqual(50);
    const kinds = new Set(FAULTY_SCRIPTS.flatMap((script) => script.faults.map((fault) => `${fault.code} ${script.name.endsWith("(ts)") ? "ts" : "js"}`)));
    for (const kind of ["unknown_tool", "missing_argument", "wrong_type", "not_in_enum", "unknown_argument", "positional_argument", "namespace_called", "unknown_field", "syntax_error"]) {
      expect(kinds).toContain(`${kind} js`);
      expect(kinds).toContain(`${kind} ts`);
    }
  });

  describe.each(FAULTY_SCRIPTS)("refuses $name", ({ tools, code, faults }) => {
    it("with each fault and its line, before any tool is called", async () => {
      const { codeMode, log } = modeOf(tools, "faulty");
      const checked = await codeMode.check(code);
      expect(checked.ok).toBe(false);
      expect(checked.diagnostics.map(({ code: kind, line }) => ({ code: kind, line }))).toEqual(faults);
      for (const diagnostic of checked.diagnostics) {
        expect(diagnostic.endLine * 10_000 + diagnostic.endColumn).toBeGreaterThanOrEqual(diagnostic.line * 10_000 + diagnostic.column);
      }
      const calls = log.calls.length;
      const result = await codeMode.execute(code);
      expect(result.status).toBe("failed");
      // A syntax error is the run's own ParseError, found before anything runs, as without the check.
      expect(result.error).toMatchObject({ kind: faults[0]!.code === "syntax_error" ? "ParseError" : "CheckFailed", line: faults[0]!.line });
      if (result.error?.kind === "CheckFailed") expect(result.diagnostics).toEqual(checked.diagnostics);
      expect(result.toolCalls).toEqual([]);
      expect(log.calls.length).toBe(calls);
    });
  });

  it("ran not one tool call for the whole faulty corpus", () => {
    for (const name of new Set(FAULTY_SCRIPTS.map((script) => script.tools))) expect(modeOf(name, "faulty").log.calls).toEqual([]);
  });

  describe.each(CORRECT_SCRIPTS)("lets through $name", ({ tools, code, args }) => {
    it("with no fault, and the script completes", async () => {
      const { codeMode } = modeOf(tools, "correct");
      const checked = await codeMode.check(code);
      expect(checked.diagnostics).toEqual([]);
      const result = await codeMode.execute(code, args === undefined ? {} : { args });
      expect(result.error).toBeNull();
      expect(result.status).toBe("completed");
    });
  });

  describe.each(SESSION_SCRIPTS)("lets through the session $name", ({ tools, steps }) => {
    it("each run using the top-level names of the runs before it", async () => {
      const { codeMode } = modeOf(tools, "correct");
      let sessionId = "new";
      for (const step of steps) {
        const result = await codeMode.execute(step, { sessionId });
        expect(result.error).toBeNull();
        expect(result.diagnostics).toEqual([]);
        sessionId = result.sessionId!;
      }
    });
  });

  it("holds the value call style to the output type, and lets a call made with { content: true } read data and content", async () => {
    const log: CallLog = { calls: [] };
    const codeMode = createCodeMode({ tools: TOOL_SETS.issue(log), poolSize: 1, callStyle: "value" });
    try {
      const misread = await codeMode.check(`const customer = await tools.crm.get_customer({ id: "c" });\nreturn customer.emial;`);
      expect(misread.diagnostics).toMatchObject([{ code: "unknown_field", line: 2, suggestion: "email" }]);
      const code = `const { data, content } = await tools.crm.get_customer({ id: "c" }, { content: true });\nreturn [data.email, content.length];`;
      expect((await codeMode.check(code)).diagnostics).toEqual([]);
      expect(await codeMode.execute(code)).toMatchObject({ status: "completed", result: ["c@example.com", 0] });
    } finally {
      await codeMode.close();
    }
  });

  it("runs a faulty script with check \"warn\", the faults in its diagnostics, and does not check with \"off\"", async () => {
    const code = `const ticket = await tools.support.create_ticket({ customer_id: "cus_1", subject: "x", priority: "urgent" });\nreturn ticket.ok ? "created" : ticket.error.code;`;
    for (const check of ["warn", "off"] as const) {
      const log: CallLog = { calls: [] };
      const codeMode = createCodeMode({ tools: TOOL_SETS.issue(log), poolSize: 1, check });
      try {
        const result = await codeMode.execute(code);
        // The schema refuses the priority when the call is made: the run gives the script its invalid_arguments.
        expect(result).toMatchObject({ status: "completed", result: "invalid_arguments" });
        expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(check === "warn" ? ["not_in_enum"] : []);
      } finally {
        await codeMode.close();
      }
    }
  });
});
