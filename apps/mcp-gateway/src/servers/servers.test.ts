import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";

const APP_DIR = fileURLToPath(new URL("../..", import.meta.url));

/** Starts one demo server over stdio, the way the gateway does, and connects a client that negotiates as asked. */
async function connect(server: string, versionNegotiation: { mode: "legacy" } | { mode: { pin: string } }): Promise<Client> {
  const client = new Client({ name: "demo-server-test", version: "1.0.0" }, { versionNegotiation });
  const args = ["--import", "tsx", path.join(APP_DIR, "src", "servers", `${server}-server.ts`)];
  await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: APP_DIR, stderr: "ignore" }));
  return client;
}

describe("the demo's own upstreams", () => {
  for (const [server, tool] of [
    ["billing", "list_invoices"],
    ["crm", "find_customer"],
    ["support", "recent_tickets"],
  ] as const) {
    it(`${server} answers a client pinned to 2026-07-28 and a 2025-era client that starts with initialize`, async () => {
      const modern = await connect(server, { mode: { pin: "2026-07-28" } });
      const legacy = await connect(server, { mode: "legacy" });
      try {
        expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
        expect(legacy.getNegotiatedProtocolVersion()).toBe("2025-11-25");
        for (const client of [modern, legacy]) {
          expect((await client.listTools()).tools.map((item) => item.name)).toContain(tool);
        }
      } finally {
        await Promise.all([modern.close(), legacy.close()]);
      }
    });
  }

  it("billing pages through 2,000 invoices for a 2026-07-28 client", async () => {
    const client = await connect("billing", { mode: { pin: "2026-07-28" } });
    try {
      let cursor: string | undefined;
      let count = 0;
      do {
        const page = await client.callTool({ name: "list_invoices", arguments: cursor ? { cursor } : {} });
        const data = page.structuredContent as { invoices: unknown[]; nextCursor?: string };
        count += data.invoices.length;
        cursor = data.nextCursor;
      } while (cursor);
      expect(count).toBe(2000);
    } finally {
      await client.close();
    }
  });
});
