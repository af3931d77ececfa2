import { tool } from "ai";
import { z } from "zod";
import { lastExecuteResult, lastToolResult, readToolResults } from "../read-prompt.js";
import type { TokenScenario } from "../token-scenario.js";
import { pick, seededRandom } from "../../stats/seeded-random.js";

interface Invoice {
  id: string;
  customerId: string;
  issuedAt: string;
  dueAt: string;
  status: "paid" | "unpaid" | "overdue";
  currency: "USD";
  amount: number;
}
interface InvoicePage {
  invoices: Invoice[];
  next_cursor: string | null;
}

const PAGE_SIZE = 100;

function createInvoices(): Invoice[] {
  const random = seededRandom(4);
  return Array.from({ length: 2000 }, (_, index) => {
    const day = 1 + (index % 28);
    return {
      id: `inv_${String(index + 1).padStart(5, "0")}`,
      customerId: `cus_${String(1 + Math.floor(random() * 300)).padStart(4, "0")}`,
      issuedAt: `2026-${String(1 + (index % 10)).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
      dueAt: `2026-${String(2 + (index % 10)).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
      status: pick(["paid", "unpaid", "overdue"] as const, random),
      currency: "USD",
      amount: 50 + Math.floor(random() * 9950),
    };
  });
}

const INVOICES = createInvoices();
const total = (invoices: readonly Invoice[]) => invoices.reduce((sum, invoice) => sum + invoice.amount, 0);

const INVOICE_SCRIPT = `let total = 0;
let cursor: string | undefined;
do {
  const page = await tools.billing.list_invoices(cursor ? { cursor } : {});
  if (!page.ok) return { error: page.error.message };
  for (const invoice of page.data.invoices) total += invoice.amount;
  cursor = page.data.next_cursor ?? undefined;
} while (cursor);
return { total };`;

/** The total amount of 2,000 invoices that the billing API serves 100 to a page. */
export const invoicePagesScenario: TokenScenario = {
  name: "1. pages: total of 2,000 invoices, 100 a page",
  task: 'What is the total amount of all our invoices? Reply as JSON: {"total": <whole dollars>}.',
  namespace: "billing",
  expected: JSON.stringify({ total: total(INVOICES) }),
  createTools: () => ({
    list_invoices: tool({
      description: "List invoices, 100 a page, oldest first. Pass the previous page's next_cursor to get the next page; next_cursor is null on the last page.",
      inputSchema: z.object({ cursor: z.string().optional().describe("next_cursor of the previous page") }),
      execute: async ({ cursor }): Promise<InvoicePage> => {
        const start = cursor === undefined ? 0 : Number(cursor.slice("page_".length));
        const end = start + PAGE_SIZE;
        return { invoices: INVOICES.slice(start, end), next_cursor: end < INVOICES.length ? `page_${end}` : null };
      },
    }),
  }),
  // Follows the cursor it reads in the last page, then adds up every page it was shown.
  direct: (prompt) => {
    const last = lastToolResult(prompt);
    if (last === undefined) return { tool: "list_invoices", input: {} };
    const page = last.output as InvoicePage;
    if (page.next_cursor !== null) return { tool: "list_invoices", input: { cursor: page.next_cursor } };
    const pages = readToolResults(prompt).map((result) => result.output as InvoicePage);
    return { text: JSON.stringify({ total: total(pages.flatMap((shown) => shown.invoices)) }) };
  },
  codeMode: (prompt) => {
    if (lastToolResult(prompt) === undefined) return { tool: "execute", input: { code: INVOICE_SCRIPT } };
    return { text: JSON.stringify(lastExecuteResult(prompt)) };
  },
};
