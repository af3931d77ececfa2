// The scripted client: search, then one execute that totals every invoice across all pages, checked against the data.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ExecutionResult } from "@codemode/core";
import { createInvoices } from "./servers/index.js";

/** The script the model would write: follow the cursor to the end, and return only the totals. */
export const TOTAL_INVOICES_SCRIPT = `
let cursor: string | undefined;
let count = 0;
let totalCents = 0;
const byStatus: Record<string, number> = {};
do {
  const page = await tools.billing.list_invoices(cursor ? { cursor } : {});
  if (!page.ok) throw new Error(page.error.message);
  for (const invoice of page.data.invoices) {
    count++;
    totalCents += invoice.amountCents;
    byStatus[invoice.status] = (byStatus[invoice.status] ?? 0) + invoice.amountCents;
  }
  cursor = page.data.nextCursor;
} while (cursor);
return { count, totalCents, byStatus };
`;

/** What the scripted client saw. */
export interface DemoClientReport {
  /** The MCP revision the client and the gateway agreed on. */
  protocolVersion: string | undefined;
  searchHits: string[];
  result: ExecutionResult;
  expected: { count: number; totalCents: number };
}

/** Connects to the gateway, searches, runs the invoice-total script and checks it; throws on a wrong answer. */
export async function runDemoClient(url: string, token: string, log: (line: string) => void = console.log): Promise<DemoClientReport> {
  // "auto" asks the server which revisions it speaks (server/discover) and uses 2026-07-28 when it can: no initialize,
  // no session, every request on its own.
  const client = new Client({ name: "codemode-demo-client", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  try {
    const protocolVersion = client.getNegotiatedProtocolVersion();
    log(`connected with MCP ${protocolVersion ?? "(unknown revision)"}`);
    const search = await client.callTool({ name: "search", arguments: { query: "list invoices with a cursor", limit: 3 } });
    const searchHits = ((search.structuredContent as { items: { name: string }[] }).items ?? []).map((item) => item.name);
    log(`search "list invoices with a cursor" -> ${searchHits.join(", ")}`);

    const executed = await client.callTool({ name: "execute", arguments: { code: TOTAL_INVOICES_SCRIPT } }, { timeout: 60_000 });
    const result = executed.structuredContent as unknown as ExecutionResult;
    log(`execute -> ${result.status} with ${result.toolCalls.length} tool calls in ${Math.round(result.durationMs)} ms`);
    log(`result: ${JSON.stringify(result.result)}`);

    const invoices = createInvoices();
    const expected = { count: invoices.length, totalCents: invoices.reduce((sum, invoice) => sum + invoice.amountCents, 0) };
    const got = result.result as { count?: number; totalCents?: number } | null;
    if (result.status !== "completed" || got?.count !== expected.count || got.totalCents !== expected.totalCents) {
      throw new Error(`Wrong answer: expected ${JSON.stringify(expected)}, got ${JSON.stringify(result.result)} (${result.error?.message ?? "no error"}).`);
    }
    log(`checked: ${expected.count} invoices totalling ${(expected.totalCents / 100).toFixed(2)} USD, as the data says`);
    return { protocolVersion, searchHits, result, expected };
  } finally {
    await client.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"))) {
  const url = process.env.CODEMODE_URL ?? "http://127.0.0.1:8787/mcp";
  const token = process.env.CODEMODE_TOKEN;
  if (!token) {
    console.error("Set CODEMODE_TOKEN to the token the gateway printed (and CODEMODE_URL if it is not on port 8787).");
    process.exit(2);
  }
  runDemoClient(url, token).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
