import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const appFolder = fileURLToPath(new URL("..", import.meta.url));

/** Runs `pnpm start`'s program offline: without the API keys, main.ts uses the scripted models. */
async function start(): Promise<string> {
  const { ANTHROPIC_API_KEY: _anthropic, OPENAI_API_KEY: _openai, MODEL: _model, ...env } = process.env;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: appFolder, env });
  return stdout;
}

describe("main", () => {
  it("prints both answers and the approver's decision on each refund", async () => {
    const output = await start();
    expect(output).toContain("A: The three largest customers owe $19650 in unpaid invoices");
    expect(output).toContain('approval: denied billing.refund_invoice {"invoiceId":"inv_1006","amount":15000}');
    expect(output).toContain('approval: approved billing.refund_invoice {"invoiceId":"inv_1010","amount":2200}');
    expect(output).toContain("A: Did not refund Umbrella's inv_1006 ($15000)");
    expect(output).toContain("Refunded Hooli's inv_1010 ($2200, re_inv_1010).");
  });
});
