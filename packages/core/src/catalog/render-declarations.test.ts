import { describe, expect, it } from "vitest";
import { sampleTools } from "./__fixtures__/sample-tools.js";
import { typeCheck } from "./__fixtures__/type-check.js";
import { renderDeclarations, toolDocLines } from "./render-declarations.js";
import { toolSignature } from "./signature/index.js";

const tools = sampleTools();
const declarations = renderDeclarations(tools, (tool) => toolSignature(tool));

describe("renderDeclarations", () => {
  it("declares Envelope once, the catalog, and every tool under its namespace", () => {
    expect(declarations.match(/type Envelope<T>/g)).toHaveLength(1);
    expect(declarations).toContain("declare const catalog: {");
    expect(declarations).toContain("declare const tools: {\n  billing: {\n    /**\n     * List invoices");
    expect(declarations).toContain('  docs: {\n    /** Fetch one documentation page by slug. */\n    "pages.get-one"(args?');
  });

  it("writes the checker's form: one line a tool, an open envelope, and any member for a namespace with dotted names", () => {
    const open = renderDeclarations(tools, (tool) => toolSignature(tool, "check"), { comments: false, open: true });
    expect(open).toContain("| { ok: true; data: T; meta: { omitted: number; content?: Content[] }; error?: undefined }");
    expect(open).toContain("  docs: {\n    [key: string]: any;\n    \"pages.get-one\"(args?: any): Promise<Envelope<any>>;");
    expect(open).not.toContain("/**\n     * List invoices");
    expect(declarations).not.toContain("[key: string]: any");
  });

  it("type-checks, and a script written against it type-checks too", () => {
    const script = `
async function run() {
  const [invoices, customer] = await Promise.all([
    tools.billing.list_invoices({ status: "open" }),
    tools.crm.find_customer({ email: "ada@example.com" }),
  ]);
  if (!invoices.ok || !customer.ok) return null;
  const found = await catalog.search({ query: "refund", limit: 3 });
  const first: string | undefined = found.ok ? found.data.items[0]?.path : undefined;
  await tools.docs["pages.get-one"]({ slug: "intro" });
  return { name: customer.data.name.toUpperCase(), total: invoices.data.invoices.reduce((sum, i) => sum + i.total, 0), first };
}`;
    expect(typeCheck(declarations + script)).toEqual([]);
  });

  it("makes wrong arguments and unchecked envelopes type errors", () => {
    const errors = typeCheck(`${declarations}
async function run() {
  await tools.billing.list_invoices({ status: "lost" });
  await tools.crm.find_customer({});
  const customer = await tools.crm.find_customer({ email: "x" });
  return customer.data;
}`);
    expect(errors).toHaveLength(3);
  });

  it("declares ToolCallError and plain outputs in the value call style, and a script using them type-checks", () => {
    const values = renderDeclarations(tools, (tool) => toolSignature(tool, "pretty", "", "value"), { callStyle: "value" });
    expect(values).not.toContain("type Envelope<T>");
    const script = `
async function run() {
  const customer = await tools.crm.find_customer({ email: "ada@example.com" });
  try {
    const invoices = await tools.billing.list_invoices({ status: "open" });
    return { name: customer.name.toUpperCase(), count: invoices.invoices.length };
  } catch (error) {
    if (error instanceof ToolCallError && error.retryable) return { retry: error.tool, code: error.code };
    throw error;
  }
}`;
    expect(typeCheck(values + script)).toEqual([]);
    expect(typeCheck(`${values}\nasync function run() { return (await tools.crm.find_customer({ email: "x" })).data; }`)).toHaveLength(1);
  });

  it("leaves out the catalog in execute-only mode", () => {
    const text = renderDeclarations(tools, (tool) => toolSignature(tool), { search: false });
    expect(text).not.toContain("catalog");
    expect(typeCheck(text)).toEqual([]);
  });
});

describe("toolDocLines", () => {
  it("adds behaviour hints and state transitions to the description", () => {
    const refund = tools.find((tool) => tool.name === "billing.refund_payment")!;
    expect(toolDocLines(refund)).toEqual([
      "Refund a payment in full or in part.",
      "Hints: destructive.",
      "Requires state: billing.payment_captured.",
      "Produces state: billing.payment_refunded.",
    ]);
  });
});
