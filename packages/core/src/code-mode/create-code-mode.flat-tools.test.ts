import { afterAll, describe, expect, it } from "vitest";
import { createCodeMode } from "./create-code-mode.js";

const tools = [
  {
    name: "getCustomer",
    description: "Find a customer by id.",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    execute: async ({ id }: { id: string }) => ({ id, name: "Ada" }),
  },
  { name: "billing.list_invoices", description: "List invoices.", execute: async () => [{ id: "INV-1" }] },
];

describe("createCodeMode with flat tools", () => {
  // Unchecked: the script also calls a tool that does not exist, to see the run's not_found.
  const codeMode = createCodeMode({ tools, poolSize: 1, check: "off" });
  afterAll(() => codeMode.close());

  it("lets a script call a flat tool on tools itself, beside a namespace", async () => {
    const run = await codeMode.execute(`const customer = await tools.getCustomer({ id: "c-1" });
const invoices = await tools.billing.list_invoices({});
return { name: customer.data.name, invoices: invoices.data.length, missing: (await tools.nothing({})).error.code };`);
    expect(run.result).toEqual({ name: "Ada", invoices: 1, missing: "not_found" });
    expect(run.toolCalls.map((call) => call.tool)).toEqual(["getCustomer", "billing.list_invoices", "nothing"]);
  });

  it("shows the same path in the catalog, the declarations, search and the prompt", async () => {
    const listed = codeMode.catalog.list().items.find((item) => item.name === "getCustomer");
    expect(listed).toMatchObject({ path: "tools.getCustomer" });
    const found = await codeMode.catalog.search({ query: "customer" });
    expect(found.items[0]).toMatchObject({ name: "getCustomer", path: "tools.getCustomer" });
    expect(codeMode.catalog.describe({ tool: "getCustomer" })).toMatchObject({ path: "tools.getCustomer" });
    const declarations = codeMode.declarations();
    const flat = declarations.indexOf("\n  getCustomer(args: { id: string }): Promise<Envelope<unknown>>;\n");
    expect(flat).toBeGreaterThan(declarations.indexOf("declare const tools: {"));
    expect(flat).toBeLessThan(declarations.indexOf("\n  billing: {\n"));
    const prompt = codeMode.prompt();
    expect(prompt).toContain("getCustomer(args: { id: string })");
    expect(prompt).toContain("`await tools.<tool>(args)`");
    expect(codeMode.catalog.count()).toEqual({ total: 2, namespaces: { billing: 1 } });
  });

  it("names flat tools apart in the summary a large toolset gets", () => {
    expect(codeMode.prompt({ tokenBudget: 1 })).toContain("(no namespace, called as tools.<name>) (1)");
  });

  it("refuses a flat tool named like a namespace when the tools are set", () => {
    const clash = [...tools, { name: "billing", description: "", execute: async () => null }];
    expect(() => createCodeMode({ tools: clash })).toThrow(/Tool "billing" has no namespace and the same name as the namespace/);
  });
});
