import { createToolRegistry, createAllowFilter } from "/work/wt/check/packages/core/src/tools/index.ts";
import { createToolCatalog } from "/work/wt/check/packages/core/src/catalog/index.ts";
import { checkScript, sharedChecker } from "/work/wt/check/packages/core/src/check/index.ts";
const tools = createToolRegistry([
  { name: "billing.list_invoices", description: "List invoices", inputSchema: { type: "object", properties: { customer_id: { type: "string" }, status: { type: "string", enum: ["open", "paid", "void"] }, limit: { type: "integer" }, cursor: { type: "string" } }, required: ["customer_id"], additionalProperties: false },
    outputSchema: { type: "object", properties: { invoices: { type: "array", items: { type: "object", properties: { id: { type: "string" }, amount_cents: { type: "integer" }, status: { type: "string" } }, required: ["id", "amount_cents", "status"], additionalProperties: false } }, next_cursor: { type: "string" } }, required: ["invoices"], additionalProperties: false }, execute: () => ({ invoices: [] }) },
  { name: "billing.refund", description: "Refund", inputSchema: { type: "object", properties: { invoice_id: { type: "string" }, amount_cents: { type: "integer" } }, required: ["invoice_id"] }, execute: () => ({}) },
  { name: "crm.get_customer", description: "Get", inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] }, execute: () => ({}) },
  { name: "support.create_ticket", description: "Create", inputSchema: { type: "object", properties: { subject: { type: "string" }, priority: { enum: ["low", "high"] } }, required: ["subject"] }, execute: () => ({}) },
]).tools;
const catalog = createToolCatalog(tools);
const allowed = createAllowFilter(undefined);
const scripts = process.argv.slice(2).length ? process.argv.slice(2) : [
  `const r = await tools.billing.list_invoice({ customer_id: "c1" });`,
  `const r = await tools.bililng.list_invoices({ customer_id: "c1" });`,
  `const r = await tools.billing.list_invoices({});`,
  `const r = await tools.billing.list_invoices({ customer_id: 5 });`,
  `const r = await tools.billing.list_invoices({ customer_id: "c", status: "opne" });`,
  `const r = await tools.billing.list_invoices({ customer_id: "c", stauts: "open" });`,
  `const r = await tools.billing.refund("inv_1");`,
  `const r = await tools.billing({});`,
  "```ts\nconst r = await tools.billing.list_invoices({ customer_id: 'c' });\nif (!r.ok) return r.error;\nreturn r.data.invoice;\n```",
  `const r = await tools.billing.list_invoices({ customer_id: "c" });\nreturn r.data.invoice;`,
  `let s = "open"; const r = await tools.billing.list_invoices({ customer_id: "c", status: s });`,
  `const args = { customer_id: "c", status: "open" }; return tools.billing.list_invoices(args);`,
  `const x = {}; x.foo = 1; return x.bar;`,
  `return tools.crm[name]({});`,
  `const t = await tools.support.create_ticket({ subject: "x" }); const r = await tools.billing.refund({ invoice: "1" });`,
  `const { list_invoice } = tools.billing;`,
  `const ok = await tools.billing.refund({ invoice_id: "i" }); return ok.data.whatever;`,
  `const r = await tools.billing.list_invoices({ customer_id: "c" }); if (!r.ok) return; return r.data.invoices.map(i => i.amout);`,
  `const a = await Promise.all(["a","b"].map(id => tools.crm.get_customer({ id })));`,
  `return tools.list_invoices({})`,
  `const r = await tools.billing.list_invoices({ customer_id: "c", limit: "10" });`,
  `return catalog.search({ query: "x" })`,
  `return tools.billing.refund({ invoice_id: null });`,
];
for (const code of scripts) {
  const start = performance.now();
  const result = await checkScript(code, { checker: sharedChecker(), tools, declarations: (checked) => catalog.declarations(allowed, { checked }) });
  console.log(`--- ${(performance.now() - start).toFixed(1)}ms ${code.replace(/\n/g, "⏎").slice(0, 90)}`);
  for (const d of result.diagnostics) console.log(`   ${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.code}: ${d.message}${d.suggestion ? ` [${d.suggestion}]` : ""}`);
}
await sharedChecker().close();
