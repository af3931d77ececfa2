// A first look at code mode: three tools, one script that calls them together, one small result.
import { createCodeMode, defineTool } from "@codemode/core";

const customers = [
  { id: "c-1", name: "Acme", plan: "enterprise" },
  { id: "c-2", name: "Globex", plan: "team" },
  { id: "c-3", name: "Initech", plan: "team" },
];
const invoices = customers.flatMap((customer, index) =>
  Array.from({ length: 40 }, (_, n) => ({
    id: `inv-${index}-${n}`,
    customerId: customer.id,
    amount: 100 + ((index * 37 + n * 11) % 900),
    paid: n % 3 !== 0,
  })),
);

const codeMode = createCodeMode({
  tools: [
    defineTool({
      name: "crm.list_customers",
      description: "List every customer.",
      inputSchema: { type: "object", properties: {}, additionalProperties: false },
      execute: async () => customers,
    }),
    defineTool({
      name: "billing.list_invoices",
      description: "List a customer's invoices.",
      inputSchema: {
        type: "object",
        properties: { customerId: { type: "string" } },
        required: ["customerId"],
        additionalProperties: false,
      },
      execute: async ({ customerId }: { customerId: string }) =>
        invoices.filter((invoice) => invoice.customerId === customerId),
    }),
  ],
  limits: { timeoutMs: 5000 },
});

const script = `
const customers = await tools.crm.list_customers({});
if (!customers.ok) return customers.error;
const pages = await Promise.all(
  customers.data.map((c) => tools.billing.list_invoices({ customerId: c.id })),
);
const unpaid = customers.data.map((c, i) => ({
  customer: c.name,
  unpaid: pages[i].data.filter((inv) => !inv.paid).reduce((sum, inv) => sum + inv.amount, 0),
}));
console.log("invoices read:", pages.reduce((n, p) => n + p.data.length, 0));
return unpaid.sort((a, b) => b.unpaid - a.unpaid);
`;

console.log("Script:\n" + script);
const result = await codeMode.execute(script);
console.log("Execution result:\n" + JSON.stringify(result, null, 2));
await codeMode.close();

const expected = customers
  .map((customer) => ({
    customer: customer.name,
    unpaid: invoices
      .filter((invoice) => invoice.customerId === customer.id && !invoice.paid)
      .reduce((sum, invoice) => sum + invoice.amount, 0),
  }))
  .sort((a, b) => b.unpaid - a.unpaid);
if (process.argv.includes("--check") && JSON.stringify(result.result) !== JSON.stringify(expected)) {
  console.error("The demo's answer is wrong.");
  process.exit(1);
}
