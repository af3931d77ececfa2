// Correct scripts, each of which must pass the check and then complete: copies of every script in the README, the
// docs, the example apps, the token and engine benchmarks and the conformance suite (named by `source`), and the
// shapes models write (paging loops, fan-outs, dynamic names, local types, try/catch, sessions).
import type { ToolSetName } from "./corpus-tools.js";

/** A script the check must let through. */
export interface CorrectScript {
  name: string;
  tools: ToolSetName;
  code: string;
  /** Where the script was copied from, when it was. */
  source?: string;
  /** The global `args`, when the script reads it. */
  args?: unknown;
}

/** Scripts run one after another in one session: each may use the top-level names of those before it. */
export interface SessionScripts {
  name: string;
  tools: ToolSetName;
  source?: string;
  steps: string[];
}

export const CORRECT_SCRIPTS: CorrectScript[] = [
  // Copies.
  {
    name: "the README's paging total",
    source: "README.md",
    tools: "paging",
    code: `
  let total = 0, cursor;
  do {
    const page = await tools.billing.list_invoices({ cursor });
    if (!page.ok) return page.error;
    total += page.data.invoices.reduce((sum, invoice) => sum + invoice.amount, 0);
    cursor = page.data.nextCursor;
  } while (cursor);
  return { total };
`,
  },
  {
    name: "the gateway demo's invoice totals (TypeScript)",
    source: "apps/mcp-gateway/src/client.ts",
    tools: "paging",
    code: `
let cursor: string | undefined;
let count = 0;
let totalCents = 0;
const byStatus: Record<string, number> = {};
do {
  const page = await tools.billing.list_invoices(cursor ? { cursor } : {});
  if (!page.ok) throw new Error(page.error.message);
  for (const invoice of page.data.invoices) {
    count++;
    totalCents += invoice.amount_cents;
    byStatus[invoice.status] = (byStatus[invoice.status] ?? 0) + invoice.amount_cents;
  }
  cursor = page.data.nextCursor;
} while (cursor);
return { count, totalCents, byStatus };
`,
  },
  {
    name: "the AI SDK example's question",
    source: "apps/ai-sdk-example/src/offline-model.ts",
    tools: "apps",
    code: `const customers = await tools.crm.list_customers({});
if (!customers.ok) return { error: customers.error.message };
const largest = customers.data.sort((a, b) => b.annualRevenue - a.annualRevenue).slice(0, 3);
const invoices = await Promise.all(
  largest.map((customer) => tools.billing.list_invoices({ customerId: customer.id, status: "unpaid" })),
);
const owed = largest.map((customer, i) => ({
  name: customer.name,
  unpaid: invoices[i].ok ? invoices[i].data.reduce((sum, invoice) => sum + invoice.amount, 0) : null,
}));
return { owed, total: owed.reduce((sum, customer) => sum + customer.unpaid, 0) };`,
  },
  {
    name: "the AI SDK example's refund",
    source: "apps/ai-sdk-example/src/offline-model.ts",
    tools: "apps",
    code: `const paid = await tools.billing.list_invoices({ customerId: "cus_02", status: "paid" });
const [invoice] = paid.data;
const refund = await tools.billing.refund_invoice({ invoiceId: invoice.id, amount: invoice.amount });
return refund.ok ? refund.data : { refused: refund.error.message };`,
  },
  {
    name: "the LangChain example's question",
    source: "apps/langchain-example/src/create-model.ts",
    tools: "apps",
    code: `const customers = await tools.crm.list_customers({});
if (!customers.ok) throw new Error(customers.error.message);
const largest = customers.data.sort((a, b) => b.annualRevenue - a.annualRevenue).slice(0, 3);
const pages = await Promise.all(
  largest.map((customer) => tools.billing.list_invoices({ customerId: customer.id, status: "unpaid" })),
);
const owed = largest.map((customer, i) => ({
  customer: customer.name,
  unpaid: pages[i].data.reduce((sum, invoice) => sum + invoice.amount, 0),
}));
return { owed, total: owed.reduce((sum, row) => sum + row.unpaid, 0) };`,
  },
  {
    name: "the LangChain example's refunds",
    source: "apps/langchain-example/src/create-model.ts",
    tools: "apps",
    code: `const customers = await tools.crm.list_customers({});
const charged = customers.data.filter((customer) => ["Umbrella", "Globex"].includes(customer.name));
const refunds = [];
for (const customer of charged) {
  const paid = await tools.billing.list_invoices({ customerId: customer.id, status: "paid" });
  for (const invoice of paid.data) {
    const refund = await tools.billing.refund_invoice({ invoiceId: invoice.id, amount: invoice.amount });
    // A denied refund is { ok: false, error: { code: "access_denied" } }, and the script goes on.
    const note = refund.ok ? refund.data.refundId : refund.error.message;
    refunds.push({ customer: customer.name, invoice: invoice.id, amount: invoice.amount, refunded: refund.ok, note });
  }
}
return refunds;`,
  },
  {
    name: "the token benchmark's invoice pages",
    source: "bench/src/tokens/scenarios/invoice-pages-scenario.ts",
    tools: "bench",
    code: `let total = 0;
let cursor: string | undefined;
do {
  const page = await tools.billing.list_invoices(cursor ? { cursor } : {});
  if (!page.ok) return { error: page.error.message };
  for (const invoice of page.data.invoices) total += invoice.amount;
  cursor = page.data.next_cursor ?? undefined;
} while (cursor);
return { total };`,
  },
  {
    name: "the token benchmark's customer join",
    source: "bench/src/tokens/scenarios/customer-join-scenario.ts",
    tools: "bench",
    code: `const found = await tools.crm.find_customer({ query: "Globex" });
if (!found.ok) return { error: found.error.message };
const customer = found.data.customers.find((c) => c.name === "Globex Inc");
if (!customer) return { error: "no such customer" };
const [tickets, plan] = await Promise.all([
  tools.support.recent_tickets({ customerId: customer.id }),
  tools.billing.current_plan({ customerId: customer.id }),
]);
if (!tickets.ok || !plan.ok) return { error: "lookup failed" };
const open = tickets.data.tickets.filter((t) => t.status !== "closed").length;
const created = await tools.support.create_ticket({
  customerId: customer.id,
  subject: "Login fails",
  priority: plan.data.name === "Enterprise" ? "high" : "normal",
  body: \`Customer reports: Login fails. \${open} of their recent tickets are still open.\`,
});
if (!created.ok) return { error: created.error.message };
return { ticket: created.data.id, plan: plan.data.name, openTickets: open };`,
  },
  {
    name: "the token benchmark's large document",
    source: "bench/src/tokens/scenarios/large-document-scenario.ts",
    tools: "bench",
    code: `const doc = await tools.docs.get_document({ id: "doc_7" });
if (!doc.ok) return { error: doc.error.message };
return { lines: doc.data.split("\\n").filter((line) => line.includes("ERROR")) };`,
  },
  {
    name: "the engine benchmark's call loop",
    source: "bench/src/engine/workloads.ts",
    tools: "bench",
    code: `let sum = 0;
for (let i = 0; i < 20; i++) {
  const r = await tools.bench.echo({ i });
  if (r.ok) sum += r.data.i;
}
return sum;`,
  },
  {
    name: "the engine benchmark's fan-out",
    source: "bench/src/engine/workloads.ts",
    tools: "bench",
    code: `const results = await Promise.all(Array.from({ length: 20 }, (_, i) => tools.bench.sleep({ i, ms: 1 })));
return results.reduce((sum, r) => sum + (r.ok ? r.data.i : NaN), 0);`,
  },
  {
    name: "the engine benchmark's warm run",
    source: "bench/src/engine/workloads.ts",
    tools: "bench",
    code: `return 1`,
  },
  {
    name: "the sessions guide's first run",
    source: "docs/sessions.md",
    tools: "bench",
    code: `const rows = await tools.crm.search({ q: 'acme' }); return rows.data.length`,
  },
  {
    name: "the conformance suite's awkward values",
    source: "packages/core/src/testing/describe-adapter-conformance.ts",
    tools: "issue",
    code: `return {
  when: new Date(Date.UTC(2024, 1, 29, 12)),
  map: new Map([["a", 1], ["b", [2, 3]]]),
  set: new Set(["x", "y"]),
  big: 12345678901234567890n,
};`,
  },
  {
    name: "the conformance suite's script that reads what a failed call lacks, guarded",
    source: "packages/core/src/testing/describe-adapter-conformance.ts",
    tools: "issue",
    code: `const customer = { name: "Ada" };\n// the address may be missing\nconsole.log(customer["address"]?.city);\nreturn "reached";`,
  },
  {
    name: "the conformance suite's calls made together",
    source: "packages/core/src/testing/describe-adapter-conformance.ts",
    tools: "issue",
    code: `const calls = [tools.crm.get_customer({ id: "a" }), tools.crm.get_customer({ id: "b" })];
return (await Promise.all(calls)).map((call) => call.ok);`,
  },
  {
    name: "the conformance suite's unicode",
    source: "packages/core/src/testing/describe-adapter-conformance.ts",
    tools: "issue",
    code: `const greeting = "你好, " + "world ✓";\nconsole.log(greeting);\nreturn greeting;`,
  },
  // Paging loops.
  {
    name: "a paging loop with a typed cursor",
    tools: "issue",
    code: `let cursor: string | null = null;
const ids: string[] = [];
do {
  const page = await tools.billing.list_invoices({ status: "open", ...(cursor ? { cursor } : {}) });
  if (!page.ok) break;
  ids.push(...page.data.invoices.map((invoice) => invoice.id));
  cursor = page.data.next_cursor;
} while (cursor);
return ids.length;`,
  },
  {
    name: "a paging loop with while (true) and a limit",
    tools: "issue",
    code: `let cursor = undefined;
let pages = 0;
while (true) {
  const page = await tools.billing.list_invoices({ cursor, limit: 50 });
  if (!page.ok) return page.error.message;
  pages++;
  if (page.data.next_cursor === null) break;
  cursor = page.data.next_cursor;
}
return pages;`,
  },
  {
    name: "a paging loop with arguments built step by step",
    tools: "issue",
    code: `const query = {};
query.status = "paid";
query.limit = 100;
let total = 0;
for (;;) {
  const page = await tools.billing.list_invoices(query);
  if (!page.ok) return null;
  total += page.data.invoices.length;
  if (!page.data.next_cursor) break;
  query.cursor = page.data.next_cursor;
}
return total;`,
  },
  {
    name: "a status held in a let, widened to string",
    tools: "issue",
    code: `let status = "open";
if (args.length > 0) status = args[0];
const page = await tools.billing.list_invoices({ status });
return page.ok ? page.data.invoices.length : page.error.code;`,
    args: ["paid"],
  },
  {
    name: "arguments in an object of widened strings",
    tools: "issue",
    code: `const filter = { status: "void", customer_id: "cus_3" };
const page = await tools.billing.list_invoices(filter);
return page.ok && page.data.invoices.every((invoice) => invoice.status === "void");`,
  },
  // Fan-outs.
  {
    name: "a Promise.all fan-out over customers",
    tools: "issue",
    code: `const ids = ["cus_1", "cus_2", "cus_3"];
const customers = await Promise.all(ids.map((id) => tools.crm.get_customer({ id })));
return customers.filter((c) => c.ok).map((c) => c.ok && c.data.tier);`,
  },
  {
    name: "a Promise.allSettled fan-out with a destructured tuple",
    tools: "issue",
    code: `const [customer, page] = await Promise.all([
  tools.crm.get_customer({ id: "cus_2" }),
  tools.billing.list_invoices({ customer_id: "cus_2" }),
]);
const settled = await Promise.allSettled([tools.crm.get_customer({ id: "cus_4" })]);
return { name: customer.ok ? customer.data.name : null, count: page.ok ? page.data.invoices.length : 0, settled: settled.length };`,
  },
  {
    name: "refunds in parallel, batched",
    tools: "issue",
    code: `const page = await tools.billing.list_invoices({ status: "paid", limit: 6 });
if (!page.ok) return [];
const batches = [];
for (let i = 0; i < page.data.invoices.length; i += 3) batches.push(page.data.invoices.slice(i, i + 3));
const done = [];
for (const batch of batches) {
  const refunds = await Promise.all(batch.map((invoice) => tools.billing.refund({ invoice_id: invoice.id, amount_cents: invoice.amount_cents })));
  done.push(...refunds.map((refund) => refund.ok && refund.data.refund_id));
}
return done;`,
  },
  // Dynamic names.
  {
    name: "a tool named by a variable",
    tools: "issue",
    code: `const name = "get_customer";
const customer = await tools.crm[name]({ id: "cus_1" });
return customer.ok;`,
  },
  {
    name: "a namespace and a tool named by variables",
    tools: "issue",
    code: `const [namespace, tool] = "crm.get_customer".split(".");
const result = await tools[namespace][tool]({ id: "cus_9" });
return result.ok ? result.data.id : null;`,
  },
  {
    name: "a tool found with the catalog, then called by its path",
    tools: "issue",
    code: `const found = await catalog.search({ query: "customer" });
if (!found.ok || found.data.items.length === 0) return null;
const [namespace, tool] = found.data.items[0].name.split(".");
const customer = await tools[namespace][tool]({ id: "cus_1" });
return customer.ok;`,
  },
  {
    name: "every tool of a namespace listed by the catalog",
    tools: "issue",
    code: `const listed = await catalog.list({ namespace: "crm" });
const described = await catalog.describe({ tool: "crm.get_customer" });
const count = await catalog.count({});
return { names: listed.ok ? listed.data.items.map((item) => item.name) : [], hasSchema: described.ok && described.data.inputSchema !== null, total: count.ok ? count.data.total : 0 };`,
  },
  {
    name: "the tool object passed around",
    tools: "issue",
    code: `const crm = tools.crm;
async function fetchCustomer(id) {
  return crm.get_customer({ id });
}
const first = await fetchCustomer("cus_1");
return first.ok ? first.data.email : first.error.message;`,
  },
  {
    name: "a tool method kept in a variable",
    tools: "issue",
    code: `const { get_customer } = tools.crm;
const refund = tools.billing.refund;
const customer = await get_customer({ id: "cus_5" });
const done = await refund({ invoice_id: "inv_3" });
return [customer.ok, done.ok];`,
  },
  // TypeScript with local types.
  {
    name: "TypeScript with an interface and a typed helper",
    tools: "issue",
    code: "```ts\ninterface Row { id: string; cents: number }\nconst page = await tools.billing.list_invoices({ customer_id: \"cus_1\" });\nif (!page.ok) return [];\nconst rows: Row[] = page.data.invoices.map((invoice): Row => ({ id: invoice.id, cents: invoice.amount_cents }));\nconst sum = (list: Row[]): number => list.reduce((total, row) => total + row.cents, 0);\nreturn sum(rows);\n```",
  },
  {
    name: "TypeScript with a generic function and a type alias",
    tools: "issue",
    code: `type Status = "open" | "paid" | "void";
function groupBy<T, K extends string>(items: T[], key: (item: T) => K): Record<K, T[]> {
  const out = {} as Record<K, T[]>;
  for (const item of items) (out[key(item)] ??= []).push(item);
  return out;
}
const page = await tools.billing.list_invoices({ limit: 30 });
if (!page.ok) return {};
const groups = groupBy(page.data.invoices, (invoice): Status => invoice.status);
return Object.fromEntries(Object.entries(groups).map(([status, list]) => [status, list.length]));`,
  },
  {
    name: "TypeScript with as const, satisfies and a non-null assertion",
    tools: "issue",
    code: `const STATUSES = ["open", "paid"] as const;
const limits = { small: 5, large: 50 } satisfies Record<string, number>;
const counts: number[] = [];
for (const status of STATUSES) {
  const page = await tools.billing.list_invoices({ status, limit: limits.small });
  counts.push(page.ok ? page.data.invoices[0]!.amount_cents : 0);
}
return counts;`,
  },
  {
    name: "TypeScript with a class of its own",
    tools: "issue",
    code: `class Tally {
  private total = 0;
  add(cents: number): this {
    this.total += cents;
    return this;
  }
  get dollars(): number {
    return this.total / 100;
  }
}
const page = await tools.billing.list_invoices({ status: "paid", limit: 10 });
const tally = new Tally();
if (page.ok) for (const invoice of page.data.invoices) tally.add(invoice.amount_cents);
return tally.dollars;`,
  },
  {
    name: "TypeScript with a typed envelope helper",
    tools: "issue",
    code: `function unwrap<T>(result: { ok: true; data: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}
const customer = unwrap(await tools.crm.get_customer({ id: "cus_1" }));
const ticket = unwrap(await tools.support.create_ticket({ customer_id: customer.id, subject: \`Hello \${customer.name}\`, priority: "low" }));
return ticket.ticket_id;`,
  },
  {
    name: "TypeScript that annotates a result with the tool's own type",
    tools: "issue",
    code: "```typescript\ntype Page = Awaited<ReturnType<typeof tools.billing.list_invoices>>;\nconst page: Page = await tools.billing.list_invoices({});\nconst first = page.ok ? page.data.invoices[0] : undefined;\nreturn first?.id ?? null;\n```",
  },
  // try/catch.
  {
    name: "try/catch around calls",
    tools: "issue",
    code: `try {
  const customer = await tools.crm.get_customer({ id: "cus_1" });
  if (!customer.ok) throw new Error(customer.error.message);
  return customer.data.name;
} catch (error) {
  return \`failed: \${error.message}\`;
} finally {
  console.log("done");
}`,
  },
  {
    name: "try/catch with a typed error",
    tools: "issue",
    code: `let note: string;
try {
  const refund = await tools.billing.refund({ invoice_id: "inv_1", reason: "duplicate" });
  note = refund.ok ? refund.data.refund_id : refund.error.code;
} catch (error: unknown) {
  note = error instanceof Error ? error.message : String(error);
}
return note;`,
  },
  // Plain JavaScript and its built-ins.
  {
    name: "plain JavaScript: Map, Set, sort and JSON",
    tools: "issue",
    code: `const page = await tools.billing.list_invoices({ limit: 20 });
const byCustomer = new Map();
for (const invoice of page.ok ? page.data.invoices : []) {
  byCustomer.set(invoice.customer_id, (byCustomer.get(invoice.customer_id) || 0) + invoice.amount_cents);
}
const top = [...byCustomer.entries()].sort((a, b) => b[1] - a[1]).slice(0, 2);
const seen = new Set(top.map(([id]) => id));
return JSON.parse(JSON.stringify({ top, seen: [...seen] }));`,
  },
  {
    name: "plain JavaScript: an object that grows, a regular expression, dates",
    tools: "issue",
    code: `const report = {};
report.when = new Date(0).toISOString();
report.pattern = /inv_(\\d+)/.exec("inv_42")[1];
report.words = "a b c".split(" ").map((word) => word.toUpperCase());
report.sum = [1, 2, 3].reduce((a, b) => a + b);
return report;`,
  },
  {
    name: "plain JavaScript: closures, recursion and labelled loops",
    tools: "issue",
    code: `const fib = (n) => (n < 2 ? n : fib(n - 1) + fib(n - 2));
let found = null;
outer: for (let i = 0; i < 5; i++) {
  for (let j = 0; j < 5; j++) {
    if (i * j === 6) { found = [i, j]; break outer; }
  }
}
const counter = (() => { let n = 0; return () => ++n; })();
counter();
return { fib: fib(10), found, count: counter() };`,
  },
  {
    name: "plain JavaScript: optional chaining and nullish defaults on results",
    tools: "issue",
    code: `const r = await tools.billing.list_invoices({ customer_id: "nobody" });
const first = r.ok ? r.data.invoices[0] : undefined;
return { id: first?.id ?? "none", next: r.data?.next_cursor ?? "end", code: r.error?.code ?? "ok" };`,
  },
  {
    name: "plain JavaScript: the arguments as a spread of defaults",
    tools: "issue",
    code: `const defaults = { limit: 10 };
const page = await tools.billing.list_invoices({ ...defaults, status: "void" });
return page.ok ? page.data.invoices.length : -1;`,
  },
  {
    name: "plain JavaScript: a conditional argument",
    tools: "issue",
    code: `const urgent = args.urgent === true;
const ticket = await tools.support.create_ticket({ customer_id: "cus_1", subject: "Help", priority: urgent ? "high" : "normal" });
return ticket.ok ? ticket.data.ticket_id : ticket.error.message;`,
    args: { urgent: true },
  },
  {
    name: "plain JavaScript: console and the args global",
    tools: "issue",
    code: `console.log("args:", JSON.stringify(args));
console.warn("a warning");
console.error("an error line");
return Array.isArray(args) ? args.length : Object.keys(args).length;`,
    args: ["a", "b"],
  },
  {
    name: "plain JavaScript: a result without an output schema read freely",
    tools: "apps",
    code: `const customers = await tools.crm.list_customers({});
return customers.data.map((customer) => customer.whatever ?? customer.name).join(", ");`,
  },
  {
    name: "plain JavaScript: the envelope passed to a helper",
    tools: "issue",
    code: `function describe(result) {
  return result.ok ? \`ok: \${Object.keys(result.data).join(",")}\` : \`failed: \${result.error.code}\`;
}
return describe(await tools.crm.get_customer({ id: "cus_7" }));`,
  },
  {
    name: "a write after a read, as the issue's scripts meant it",
    tools: "issue",
    code: `const customer = await tools.crm.get_customer({ id: "cus_1" });
if (!customer.ok) return customer.error;
const ticket = await tools.support.create_ticket({ customer_id: customer.data.id, subject: \`Refund for \${customer.data.name}\`, priority: "normal" });
const refund = await tools.billing.refund({ invoice_id: "inv_1", amount_cents: 500, reason: "goodwill" });
return { ticket: ticket.ok && ticket.data.ticket_id, refund: refund.ok && refund.data.refund_id };`,
  },
  {
    name: "a count of open invoices that checks ok and breaks",
    tools: "issue",
    code: `let count = 0;
let cursor;
do {
  const page = await tools.billing.list_invoices({ cursor, status: "open" });
  if (!page.ok) break;
  count += page.data.invoices.length;
  cursor = page.data.next_cursor ?? undefined;
} while (cursor);
return count;`,
  },
  {
    name: "a script in a fence with a top-level return of an expression",
    tools: "issue",
    code: "```js\nconst r = await tools.crm.get_customer({ id: \"cus_1\" });\nreturn r.ok && r.data.tier === \"pro\";\n```",
  },
  {
    name: "a Date and bytes passed where the tool takes text",
    tools: "issue",
    code: `const ticket = await tools.support.create_ticket({ customer_id: "cus_1", subject: new Date(0) });
const again = await tools.support.create_ticket({ customer_id: "cus_1", subject: new Uint8Array([104, 105]) });
return [ticket.ok, again.ok];`,
  },
  {
    name: "shadowing names of the globals",
    tools: "issue",
    code: `const result = await (async (tools) => tools.length)([1, 2, 3]);
{
  const catalog = { search: () => "local" };
  console.log(catalog.search());
}
return result;`,
  },
];

export const SESSION_SCRIPTS: SessionScripts[] = [
  {
    name: "the sessions guide: a later run reads the rows of an earlier one",
    source: "docs/sessions.md",
    tools: "bench",
    steps: [`const rows = await tools.crm.search({ q: 'acme' }); return rows.data.length`, `return rows.data[0]`],
  },
  {
    name: "a session that keeps a customer, a helper and a total",
    tools: "issue",
    steps: [
      `const customer = await tools.crm.get_customer({ id: "cus_1" });\nfunction cents(page) { return page.ok ? page.data.invoices.reduce((sum, invoice) => sum + invoice.amount_cents, 0) : 0; }\nlet total = 0;\nreturn customer.ok;`,
      `total += cents(await tools.billing.list_invoices({ customer_id: customer.data.id }));\nreturn total;`,
      `const ticket = await tools.support.create_ticket({ customer_id: customer.data.id, subject: \`Total \${total}\` });\nreturn ticket.ok ? ticket.data.ticket_id : ticket.error.message;`,
    ],
  },
];
