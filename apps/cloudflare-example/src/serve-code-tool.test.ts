import { describe, expect, it } from "vitest";
import { askSupportDesk } from "./serve-code-tool.js";

describe("askSupportDesk", () => {
  it("runs the script on this engine and answers with only the urgent open tickets and their plans", async () => {
    expect(JSON.parse(await askSupportDesk())).toEqual(["T-1 (enterprise)", "T-4 (starter)"]);
  });

  it("answers a failing script with its error and line, not a crash", async () => {
    const answer = await askSupportDesk("async () => {\n  const open = await codemode.list_tickets({ open: true });\n  return open.missing.length;\n}");
    expect(answer).toMatch(/^Error: ScriptError: .*line 3/);
  });
});
