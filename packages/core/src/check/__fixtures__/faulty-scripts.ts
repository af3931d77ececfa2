// Scripts with the mistakes models make, each with the faults the check must find (in order) and their lines. Every
// one is refused whole: the tools' call log stays empty.
import type { FaultKind } from "../script-checker.js";
import type { ToolSetName } from "./corpus-tools.js";

/** A script the check must refuse. */
export interface FaultyScript {
  name: string;
  tools: ToolSetName;
  code: string;
  /** The faults, in order of place: their code and line (1-based, in the script as written). */
  faults: { code: FaultKind; line: number }[];
}

export const FAULTY_SCRIPTS: FaultyScript[] = [
  // An unknown tool or namespace.
  {
    name: "a misspelled tool (js)",
    tools: "issue",
    code: `const page = await tools.billing.list_invoice({ customer_id: "cus_1" });\nreturn page.ok;`,
    faults: [{ code: "unknown_tool", line: 1 }],
  },
  {
    name: "a misspelled namespace (js)",
    tools: "issue",
    code: `const page = await tools.biling.list_invoices({});\nreturn page;`,
    faults: [{ code: "unknown_tool", line: 1 }],
  },
  {
    name: "a tool called without its namespace (ts)",
    tools: "issue",
    code: "```ts\nconst customer = await tools.get_customer({ id: \"cus_1\" });\nreturn customer;\n```",
    faults: [{ code: "unknown_tool", line: 2 }],
  },
  {
    name: "a tool taken from the wrong namespace (ts)",
    tools: "issue",
    code: `type Id = string;\nconst id: Id = "cus_1";\nconst customer = await tools.billing.get_customer({ id });\nreturn customer;`,
    faults: [{ code: "unknown_tool", line: 3 }],
  },
  {
    name: "a misspelled tool taken out of its namespace (js)",
    tools: "issue",
    code: `const { create_tiket } = tools.support;\nreturn await create_tiket({ customer_id: "c", subject: "s" });`,
    faults: [{ code: "unknown_tool", line: 1 }],
  },
  {
    name: "the side effect case: a write, then a misspelled tool (js)",
    tools: "issue",
    code: `const ticket = await tools.support.create_ticket({ customer_id: "cus_1", subject: "Refund requested" });\nconst refund = await tools.billing.refnd({ invoice_id: "inv_1" });\nreturn { ticket, refund };`,
    faults: [{ code: "unknown_tool", line: 2 }],
  },
  // A missing required argument.
  {
    name: "no arguments to a tool that needs one (js)",
    tools: "issue",
    code: `const customer = await tools.crm.get_customer();\nreturn customer;`,
    faults: [{ code: "missing_argument", line: 1 }],
  },
  {
    name: "an empty object to a tool that needs an argument (ts)",
    tools: "issue",
    code: `const result: unknown = await tools.billing.refund({});\nreturn result;`,
    faults: [{ code: "missing_argument", line: 1 }],
  },
  {
    name: "a required argument left out in a multi-line call (js)",
    tools: "issue",
    code: `const ticket = await tools.support.create_ticket({\n  subject: "Card declined",\n  priority: "high",\n});\nreturn ticket;`,
    faults: [{ code: "missing_argument", line: 1 }],
  },
  // An argument of the wrong type.
  {
    name: "a number where a string goes (js)",
    tools: "issue",
    code: `const customer = await tools.crm.get_customer({ id: 42 });\nreturn customer;`,
    faults: [{ code: "wrong_type", line: 1 }],
  },
  {
    name: "a string where a number goes (ts)",
    tools: "issue",
    code: `const page = await tools.billing.list_invoices({ limit: "50" as string });\nreturn page;`,
    faults: [{ code: "wrong_type", line: 1 }],
  },
  {
    name: "an object where a string goes, from a variable (js)",
    tools: "issue",
    code: `const who = { id: "cus_1" };\nconst customer = await tools.crm.get_customer({ id: who });\nreturn customer;`,
    faults: [{ code: "wrong_type", line: 2 }],
  },
  {
    name: "a wrong type inside arguments built beforehand (js)",
    tools: "issue",
    code: `const args = { invoice_id: 7 };\nreturn await tools.billing.refund(args);`,
    faults: [{ code: "wrong_type", line: 2 }],
  },
  {
    name: "a boolean where a number goes, in a Promise.all fan-out (ts)",
    tools: "issue",
    code: `const ids: string[] = ["inv_1", "inv_2"];\nconst refunds = await Promise.all(ids.map((invoice_id) => tools.billing.refund({ invoice_id, amount_cents: true })));\nreturn refunds.length;`,
    faults: [{ code: "wrong_type", line: 2 }],
  },
  // A value outside an enum.
  {
    name: "a misspelled enum value (js)",
    tools: "issue",
    code: `const page = await tools.billing.list_invoices({ status: "opne" });\nreturn page;`,
    faults: [{ code: "not_in_enum", line: 1 }],
  },
  {
    name: "an enum value of another tool (ts)",
    tools: "issue",
    code: "```typescript\nconst ticket = await tools.support.create_ticket({ customer_id: \"c\", subject: \"s\", priority: \"urgent\" });\nreturn ticket;\n```",
    faults: [{ code: "not_in_enum", line: 2 }],
  },
  {
    name: "an enum value from a const (js)",
    tools: "issue",
    code: `const wanted = "unpaid";\nconst page = await tools.billing.list_invoices({ status: wanted });\nreturn page;`,
    faults: [{ code: "not_in_enum", line: 2 }],
  },
  // An argument a tool does not take (its schema says additionalProperties: false).
  {
    name: "an argument a strict tool does not take (js)",
    tools: "issue",
    code: `const refund = await tools.billing.refund({ invoice_id: "inv_1", amount: 500 });\nreturn refund;`,
    faults: [{ code: "unknown_argument", line: 1 }],
  },
  {
    name: "a misspelled argument of a strict tool (ts)",
    tools: "issue",
    code: `const why: string = "duplicate";\nconst refund = await tools.billing.refund({ invoice_id: "inv_1", reson: why });\nreturn refund;`,
    faults: [{ code: "unknown_argument", line: 2 }],
  },
  // A positional argument.
  {
    name: "a positional id (js)",
    tools: "issue",
    code: `const customer = await tools.crm.get_customer("cus_1");\nreturn customer;`,
    faults: [{ code: "positional_argument", line: 1 }],
  },
  {
    name: "a positional invoice id from a variable (ts)",
    tools: "issue",
    code: `const invoiceId: string = "inv_1";\nreturn await tools.billing.refund(invoiceId);`,
    faults: [{ code: "positional_argument", line: 2 }],
  },
  {
    name: "a positional number (js)",
    tools: "issue",
    code: `return await tools.billing.list_invoices(50);`,
    faults: [{ code: "positional_argument", line: 1 }],
  },
  // A namespace called as a function.
  {
    name: "a namespace called (js)",
    tools: "issue",
    code: `const customer = await tools.crm({ id: "cus_1" });\nreturn customer;`,
    faults: [{ code: "namespace_called", line: 1 }],
  },
  {
    name: "a namespace called, taken into a variable (ts)",
    tools: "issue",
    code: `const billing = tools.billing;\nconst page = await billing({ status: "open" });\nreturn page;`,
    faults: [{ code: "namespace_called", line: 2 }],
  },
  // A field read the output schema rules out.
  {
    name: "a misspelled result field after the envelope's narrowing (js)",
    tools: "issue",
    code: `const r = await tools.billing.list_invoices({});\nif (!r.ok) return r.error;\nreturn r.data.invoice.length;`,
    faults: [{ code: "unknown_field", line: 3 }],
  },
  {
    name: "a misspelled result field without checking ok (js)",
    tools: "issue",
    code: `const customer = await tools.crm.get_customer({ id: "cus_1" });\nreturn customer.data.emial;`,
    faults: [{ code: "unknown_field", line: 2 }],
  },
  {
    name: "a misspelled field of a listed item (ts)",
    tools: "issue",
    code: `const r = await tools.billing.list_invoices({ status: "open" });\nif (!r.ok) return 0;\nlet total: number = 0;\nfor (const item of r.data.invoices) total += item.amount;\nreturn total;`,
    faults: [{ code: "unknown_field", line: 4 }],
  },
  {
    name: "a misspelled envelope field (js)",
    tools: "issue",
    code: `const r = await tools.crm.get_customer({ id: "cus_1" });\nreturn r.dat;`,
    faults: [{ code: "unknown_field", line: 2 }],
  },
  {
    name: "the paging cursor misspelled: the wrong answer a script's own `if (!page.ok) break` hid (js)",
    tools: "issue",
    code: `let count = 0;\nlet cursor;\ndo {\n  const page = await tools.billing.list_invoices({ cursor });\n  if (!page.ok) break;\n  count += page.data.invoices.length;\n  cursor = page.data.nextCursor;\n} while (cursor);\nreturn count;`,
    faults: [{ code: "unknown_field", line: 7 }],
  },
  {
    name: "a call that ran and then died on a misspelled field (ts)",
    tools: "issue",
    code: `const c = await tools.crm.get_customer({ id: "cus_1" });\nif (!c.ok) throw new Error(c.error.message);\nconst ticket = await tools.support.create_ticket({ customer_id: c.data.id, subject: \`For \${c.data.nmae}\` });\nreturn ticket;`,
    faults: [{ code: "unknown_field", line: 3 }],
  },
  // A syntax error.
  {
    name: "a syntax error (js)",
    tools: "issue",
    code: `const a = await tools.crm.get_customer({ id: "cus_1" });\nreturn a +;`,
    faults: [{ code: "syntax_error", line: 2 }],
  },
  {
    name: "a syntax error in TypeScript (ts)",
    tools: "issue",
    code: "```ts\nconst ids: string[] = [\"a\";\nreturn ids;\n```",
    faults: [{ code: "syntax_error", line: 2 }],
  },
  // Several faults at once, each with its line.
  {
    name: "three faults in one script (js)",
    tools: "issue",
    code: `const customer = await tools.crm.get_customer("cus_1");\nconst page = await tools.billing.list_invoices({ status: "pending" });\nconst ticket = await tools.suport.create_ticket({ customer_id: "cus_1", subject: "x" });\nreturn [customer, page, ticket];`,
    faults: [
      { code: "positional_argument", line: 1 },
      { code: "not_in_enum", line: 2 },
      { code: "unknown_tool", line: 3 },
    ],
  },
  {
    name: "a fault in the example apps' tools: a misspelled argument value (js)",
    tools: "apps",
    code: `const customers = await tools.crm.list_customers({});\nconst invoices = await tools.billing.list_invoices({ customerId: "cus_02", status: "unpiad" });\nreturn [customers, invoices];`,
    faults: [{ code: "not_in_enum", line: 2 }],
  },
  {
    name: "a fault in the README's paging tool: a cursor of the wrong type (js)",
    tools: "paging",
    code: `const page = await tools.billing.list_invoices({ cursor: 100 });\nreturn page;`,
    faults: [{ code: "wrong_type", line: 1 }],
  },
];
