import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { createToolRegistry } from "./tool-registry.js";

const noop = async () => null;

describe("createToolRegistry", () => {
  it("indexes tools by name and derives their JSON Schemas", () => {
    const registry = createToolRegistry([
      defineTool({ name: "billing.list_invoices", description: "List invoices.", execute: noop }),
      defineTool({
        name: "crm.find_customer",
        description: "Find a customer.",
        inputSchema: z.object({ email: z.string().describe("Their email") }),
        execute: noop,
      }),
    ]);
    expect(registry.tools.map((tool) => tool.name)).toEqual(["billing.list_invoices", "crm.find_customer"]);
    const crm = registry.get("crm.find_customer");
    expect(crm).toMatchObject({ namespace: "crm", localName: "find_customer" });
    expect(crm?.inputJsonSchema).toMatchObject({
      type: "object",
      properties: { email: { type: "string", description: "Their email" } },
      required: ["email"],
    });
    expect(registry.get("crm.nothing")).toBeUndefined();
  });

  it("refuses a tool defined twice", () => {
    const tool = { name: "a.b", description: "", execute: noop };
    expect(() => createToolRegistry([tool, tool])).toThrow(/defined twice/);
  });

  it("keeps a flat tool beside namespaced ones, but refuses one named like a namespace", () => {
    const registry = createToolRegistry([
      { name: "getCustomer", description: "", execute: noop },
      { name: "billing.list", description: "", execute: noop },
    ]);
    expect(registry.get("getCustomer")).toMatchObject({ namespace: "", localName: "getCustomer" });
    const clash = [
      { name: "billing.list", description: "", execute: noop },
      { name: "billing", description: "", execute: noop },
    ];
    expect(() => createToolRegistry(clash)).toThrow(
      'Tool "billing" has no namespace and the same name as the namespace of "billing.list"; rename it or give it a namespace.',
    );
  });
});

describe("defineTool", () => {
  it("names the tool and the field that is wrong", () => {
    expect(() => defineTool({ name: "a.b", description: "x" } as never)).toThrow('Tool "a.b": execute must be a function.');
    expect(() => defineTool({ name: "a.b", description: 3, execute: noop } as never)).toThrow(/description/);
    expect(() => defineTool({ name: "a.b", description: "", inputSchema: [] as never, execute: noop })).toThrow(
      /inputSchema/,
    );
  });

  it("refuses an input pattern only a backtracking engine can run, naming the tool, the pattern and where it is", () => {
    const definition = {
      name: "auth.set_password",
      description: "Set a password.",
      inputSchema: { type: "object", properties: { password: { type: "string", pattern: "^(?=.*[A-Z]).{8,}$" } } },
      execute: noop,
    };
    expect(() => defineTool(definition)).toThrow(
      'Tool "auth.set_password": inputSchema\'s pattern "^(?=.*[A-Z]).{8,}$" at /properties/password/pattern cannot be checked in linear time (it has a lookahead); write it without lookaround or backreferences.',
    );
    expect(() => createToolRegistry([definition])).toThrow(/INVALID_TOOL|cannot be checked in linear time/);
    // A catastrophic shape RE2 runs in linear time is fine.
    const nested = { ...definition, inputSchema: { type: "object", properties: { word: { type: "string", pattern: "^(a+)+$" } } } };
    expect(createToolRegistry([nested]).tools).toHaveLength(1);
  });

  it("refuses an invalid name with the reason", () => {
    expect(() => defineTool({ name: "billing.list invoices", description: "", execute: noop })).toThrow(/character other than/);
    expect(() => defineTool({ name: "x".repeat(10_000), description: "", execute: noop })).toThrow(/10000 characters long/);
  });
});
