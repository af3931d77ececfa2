import { describe, expect, it } from "vitest";
import { createAllowFilter, createToolRegistry, type ToolDefinition } from "../tools/index.js";
import { bagOfLetters, SAMPLE_DEFINITIONS, sampleTools } from "./__fixtures__/sample-tools.js";
import { typeCheck } from "./__fixtures__/type-check.js";
import { CodeModeError, isCodeModeError } from "../errors/index.js";
import { createToolCatalog } from "./create-tool-catalog.js";

const everyone = createAllowFilter(undefined);
const execute = async () => null;
const generated = (count: number): ToolDefinition[] =>
  Array.from({ length: count }, (_, i) => ({ name: `gen.tool_${i}`, description: `Generated tool number ${i} for reports.`, execute }));

function refusal(run: () => unknown): CodeModeError {
  try {
    run();
  } catch (error) {
    if (isCodeModeError(error)) return error;
    throw error;
  }
  throw new Error("expected a CodeModeError");
}

describe("createToolCatalog", () => {
  const catalog = createToolCatalog(sampleTools());

  it("finds a tool from words of its name and gives its path and signature", async () => {
    const page = await catalog.search({ query: "list invoices" }, everyone);
    expect(page.items[0]).toMatchObject({
      name: "billing.list_invoices",
      path: "tools.billing.list_invoices",
      description: "List invoices, newest first, 100 to a page.",
    });
    expect(page.items[0]!.signature).toMatch(/^list_invoices\(args\?: \{/);
    expect(page.items[0]).not.toHaveProperty("inputSchema");
  });

  it("adds the schemas at detail full", async () => {
    const page = await catalog.search({ query: "find customer", detail: "full", limit: 1 }, everyone);
    expect(page.items[0]!.inputSchema).toMatchObject({ required: ["email"] });
    expect(page.items[0]!.outputSchema).toMatchObject({ required: ["id", "name"] });
  });

  it("defaults the search limit to 5 and clamps it to maxSearchResults", async () => {
    const tools = createToolRegistry(generated(30)).tools;
    const page = await createToolCatalog(tools).search({ query: "reports", limit: 50 }, everyone);
    expect(page).toMatchObject({ total: 30, limit: 5, offset: 0, hasMore: true, nextOffset: 5 });
    expect(page.items).toHaveLength(5);
    const wider = createToolCatalog(tools, { maxSearchResults: 8 });
    expect((await wider.search({ query: "reports", offset: 24, limit: 50 }, everyone)).items).toHaveLength(6);
    expect(await wider.search({ query: "reports", offset: 24, limit: 50 }, everyone)).not.toHaveProperty("nextOffset");
  });

  it("lists every visible tool for an empty query and filters by namespace", async () => {
    expect((await catalog.search({ query: "", limit: 5 }, everyone)).total).toBe(SAMPLE_DEFINITIONS.length);
    const crm = await catalog.search({ query: "customer", namespace: "crm" }, everyone);
    expect(crm.items.map((item) => item.name)).toEqual(["crm.find_customer", "crm.update_customer"]);
  });

  it("pages a list 20 at a time by default and caps a page at 100", () => {
    const big = createToolCatalog(createToolRegistry(generated(150)).tools);
    expect(big.list(undefined, everyone)).toMatchObject({ total: 150, limit: 20, hasMore: true, nextOffset: 20 });
    const capped = big.list({ limit: 500 }, everyone);
    expect(capped.items).toHaveLength(100);
    expect(capped.limit).toBe(100);
    const last = big.list({ offset: 140, limit: 100 }, everyone);
    expect(last).toMatchObject({ total: 150, offset: 140, hasMore: false });
    expect(last.items.map((item) => item.name)[9]).toBe("gen.tool_149");
  });

  it("counts tools per namespace", () => {
    expect(catalog.count({}, everyone)).toEqual({ total: 7, namespaces: { billing: 2, crm: 2, support: 2, docs: 1 } });
    expect(catalog.count({ namespace: "crm" }, everyone)).toEqual({ total: 2, namespaces: { crm: 2 } });
  });

  it("describes a tool with everything its definition says", () => {
    expect(catalog.describe({ tool: "billing.refund_payment" }, everyone)).toEqual({
      name: "billing.refund_payment",
      path: "tools.billing.refund_payment",
      description: "Refund a payment in full or in part.",
      signature:
        "refund_payment(args: {\n  paymentId: string;\n  /** In cents; the whole payment when absent. */\n  amount?: number;\n}): Promise<Envelope<unknown>>",
      inputSchema: SAMPLE_DEFINITIONS[1]!.inputSchema,
      outputSchema: null,
      annotations: { destructiveHint: true },
      affordances: ["give money back to a customer", "reverse a charge"],
      toolkit: "accounts-receivable",
      stateTransition: { requires: ["billing.payment_captured"], produces: ["billing.payment_refunded"] },
    });
  });

  it("refuses bad arguments in every operation with invalid_arguments", async () => {
    await expect(catalog.search({ query: 3 }, everyone)).rejects.toMatchObject({ code: "INVALID_ARGUMENTS" });
    await expect(catalog.search({ query: "x", limit: 1_000_000 }, everyone)).rejects.toMatchObject({ code: "INVALID_ARGUMENTS" });
    expect(refusal(() => catalog.list({ offset: -1 }, everyone)).code).toBe("INVALID_ARGUMENTS");
    expect(refusal(() => catalog.count({ nmespace: "crm" }, everyone)).message).toMatch(/unknown argument "nmespace"/);
    expect(refusal(() => catalog.describe({}, everyone)).code).toBe("INVALID_ARGUMENTS");
    expect(refusal(() => catalog.toolkits({ limit: -3 }, everyone)).code).toBe("INVALID_ARGUMENTS");
  });

  it("returns toolkits only when the caller may use every tool in them", () => {
    expect(catalog.toolkits(undefined, everyone).items.map((toolkit) => toolkit.name)).toEqual(["accounts-receivable", "helpdesk"]);
    expect(catalog.toolkits({}, createAllowFilter(["billing.*", "support.*"])).items).toEqual([
      { name: "helpdesk", tools: ["support.recent_tickets", "support.create_ticket"] },
    ]);
  });

  it("writes declarations that type-check for the caller's tools only", () => {
    const text = catalog.declarations(createAllowFilter(["crm.*"]));
    expect(text).toContain("find_customer(args: {");
    expect(text).not.toContain("billing");
    expect(typeCheck(text)).toEqual([]);
    expect(catalog.declarations(everyone, { search: false })).not.toContain("catalog");
  });

  it("writes the prompt for the caller's tools only", () => {
    const prompt = catalog.prompt(createAllowFilter(["support.*"]));
    expect(prompt).toContain("recent_tickets(args: { customerId: string })");
    expect(prompt).not.toContain("refund_payment");
  });

  it("uses the host's token counter for the prompt budget", () => {
    const strict = createToolCatalog(sampleTools(), { countTokens: (text) => text.length });
    expect(strict.prompt(everyone, { tokenBudget: 2000 })).toContain("catalog.search");
    expect(catalog.prompt(everyone, { tokenBudget: 2000 })).not.toContain("catalog.search");
  });

  it("refuses options that cannot work", () => {
    for (const options of [{ maxSearchResults: 0 }, { maxSearchResults: 2.5 }, { maxSearchResults: 5000 }, { embed: "x" }]) {
      expect(() => createToolCatalog(sampleTools(), options as never), JSON.stringify(options)).toThrow(
        expect.objectContaining({ code: "INVALID_OPTIONS" }),
      );
    }
  });

  it("fuses embeddings into search when the host gives an embed function, embedding the tools once", async () => {
    const batches: number[] = [];
    const embedded = createToolCatalog(sampleTools(), {
      embed: async (texts) => {
        batches.push(texts.length);
        return bagOfLetters(texts);
      },
    });
    expect(batches).toEqual([]);
    const page = await embedded.search({ query: "list invoices" }, everyone);
    await embedded.search({ query: "find customer" }, everyone);
    expect(page.items[0]!.name).toBe("billing.list_invoices");
    expect(page.total).toBe(7);
    expect(batches).toEqual([7, 1, 1]);
  });
});

describe("createToolCatalog authorisation", () => {
  const allowed = createAllowFilter(["billing.*", "support.recent_tickets", "docs.*"]);
  const full = createToolCatalog(sampleTools());
  // The same catalog as the caller should see it: built from its tools alone.
  const own = createToolCatalog(sampleTools(SAMPLE_DEFINITIONS.filter((tool) => allowed(tool.name))));

  it("answers every operation exactly as if the forbidden tools did not exist", async () => {
    for (const query of ["customer", "list invoices", "ticket", "give money back", "", "page"]) {
      for (const offset of [0, 1]) {
        const args = { query, offset, detail: "full" as const };
        expect(await full.search(args, allowed), query).toEqual(await own.search(args, everyone));
      }
    }
    expect(full.list({ limit: 3, offset: 1 }, allowed)).toEqual(own.list({ limit: 3, offset: 1 }, everyone));
    expect(full.count({}, allowed)).toEqual(own.count({}, everyone));
    expect(full.count({ namespace: "crm" }, allowed)).toEqual({ total: 0, namespaces: {} });
    expect(full.toolkits({}, allowed)).toEqual({ items: [], total: 0, limit: 20, offset: 0, hasMore: false });
    expect(full.declarations(allowed)).toEqual(own.declarations(everyone));
    expect(full.prompt(allowed, { tokenBudget: 100 })).toEqual(own.prompt(everyone, { tokenBudget: 100 }));
  });

  it("answers describe of a forbidden tool exactly as of an unknown one", () => {
    const forbidden = refusal(() => full.describe({ tool: "crm.find_customer" }, allowed));
    const unknown = refusal(() => full.describe({ tool: "crm.find_customr" }, allowed));
    expect(forbidden.code).toBe("NOT_FOUND");
    expect(unknown.code).toBe("NOT_FOUND");
    expect(forbidden.message.replace("find_customer", "X")).toBe(unknown.message.replace("find_customr", "X"));
    expect(full.describe({ tool: "support.recent_tickets" }, allowed).name).toBe("support.recent_tickets");
  });

  it("quotes a long name or argument a script chose by its start, and never matches a name no tool can have", () => {
    let matched = 0;
    const counting = (name: string) => {
      matched += name.length;
      return allowed(name);
    };
    const long = "x".repeat(4 * 1024 * 1024);
    const described = refusal(() => full.describe({ tool: long }, counting));
    expect(described.code).toBe("NOT_FOUND");
    expect(described.message.length).toBeLessThan(200);
    expect(matched).toBe(0);
    for (const message of [refusal(() => full.count({ [long]: 1 }, allowed)).message, refusal(() => full.list({ limit: long }, allowed)).message]) {
      expect(message.length).toBeLessThan(300);
    }
  });

  it("shows nothing to a caller with an empty allowlist", async () => {
    const nobody = createAllowFilter([]);
    expect(await full.search({ query: "customer" }, nobody)).toEqual({ items: [], total: 0, limit: 5, offset: 0, hasMore: false });
    expect(full.count(undefined, nobody)).toEqual({ total: 0, namespaces: {} });
    expect(full.list(undefined, nobody).total).toBe(0);
  });
});
