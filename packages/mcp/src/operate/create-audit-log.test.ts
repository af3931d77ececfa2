import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ExecutionResult } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { createAuditLog } from "./create-audit-log.js";

const folder = mkdtempSync(path.join(tmpdir(), "codemode-audit-"));
const result: ExecutionResult = {
  status: "completed",
  result: { total: 3 },
  error: null,
  diagnostics: [],
  logs: [],
  toolCalls: [{ tool: "billing.list", ok: true, durationMs: 4, arguments: { month: "2026-11" }, summary: '{"count":3}' }],
  durationMs: 9,
};
const errors: string[] = [];
const execution = { code: "return 3", result, principal: "alice", requestId: "req-1", mcpSessionId: undefined };

async function written(config: Parameters<typeof createAuditLog>[0]): Promise<Record<string, unknown>> {
  const log = createAuditLog(config, folder, (message) => errors.push(message));
  log.record(execution);
  await log.close();
  const lines = readFileSync(path.join(folder, config.file!), "utf8").trim().split("\n");
  return JSON.parse(lines.at(-1)!) as Record<string, unknown>;
}

describe("createAuditLog", () => {
  it("leaves arguments and results out unless asked", async () => {
    const record = await written({ file: "plain.jsonl" });
    expect(record.toolCalls).toEqual([{ tool: "billing.list", ok: true, durationMs: 4 }]);
    expect(record).not.toHaveProperty("result");
    expect(record).not.toHaveProperty("mcpSessionId");
  });

  it("keeps the arguments, the call results and the returned value when asked, appending to the file", async () => {
    await written({ file: "full.jsonl" });
    const record = await written({ file: "full.jsonl", includeArguments: true, includeResults: true });
    expect(record).toMatchObject({ result: { total: 3 }, toolCalls: [{ arguments: { month: "2026-11" }, result: '{"count":3}' }] });
    expect(readFileSync(path.join(folder, "full.jsonl"), "utf8").trim().split("\n")).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it("refuses at once a file it cannot open, naming the key and the path", () => {
    const file = path.join(folder, "missing-folder", "audit.jsonl");
    expect(() => createAuditLog({ file }, folder, (message) => errors.push(message))).toThrow(expect.objectContaining({ code: "INVALID_CONFIG", message: expect.stringContaining(`audit.file: cannot open ${file}`) }));
  });
});
