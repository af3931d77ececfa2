import { describe, expect, it } from "vitest";
import { sampleTools } from "../__fixtures__/sample-tools.js";
import { toolPath, toolSignature } from "./tool-signature.js";

const byName = new Map(sampleTools().map((tool) => [tool.name, tool]));
const tool = (name: string) => byName.get(name)!;

describe("toolSignature", () => {
  it("makes args optional when nothing is required and wraps the output in Envelope", () => {
    expect(toolSignature(tool("billing.list_invoices"), "compact")).toBe(
      'list_invoices(args?: { status?: "open" | "paid" | "void"; cursor?: string }): ' +
        "Promise<Envelope<{ invoices: Array<{ id: string; total: number; customerId: string }>; nextCursor: string | null }>>",
    );
  });

  it("requires args when a property is required, and gives Envelope<unknown> without an output schema", () => {
    expect(toolSignature(tool("support.recent_tickets"), "compact")).toBe(
      "recent_tickets(args: { customerId: string }): Promise<Envelope<unknown>>",
    );
  });

  it("resolves to the output itself in the value call style", () => {
    expect(toolSignature(tool("support.recent_tickets"), "compact", "", "value")).toBe(
      "recent_tickets(args: { customerId: string }): Promise<unknown>",
    );
  });

  it("accepts any object for a tool without an input schema and quotes a local name that is not an identifier", () => {
    expect(toolSignature(tool("docs.pages.get-one"))).toBe('"pages.get-one"(args?: Record<string, unknown>): Promise<Envelope<unknown>>');
  });

  it("writes the check style on one line, open where the schemas are: other keys and untyped parts read as anything", () => {
    expect(toolSignature(tool("billing.list_invoices"), "check")).toBe(
      'list_invoices(args?: { status?: "open" | "paid" | "void"; cursor?: string; [key: string]: any }): ' +
        "Promise<Envelope<{ invoices: Array<{ id: string; total: number; customerId: string; [key: string]: any }>; nextCursor: string | null; [key: string]: any }>>",
    );
    expect(toolSignature(tool("support.recent_tickets"), "check")).toBe("recent_tickets(args: { customerId: string; [key: string]: any }): Promise<Envelope<any>>");
    expect(toolSignature(tool("docs.pages.get-one"), "check")).toBe('"pages.get-one"(args?: any): Promise<Envelope<any>>');
  });

  it("keeps parameter descriptions as JSDoc in the pretty style", () => {
    expect(toolSignature(tool("crm.find_customer"))).toBe(
      "find_customer(args: {\n  /** Their email address */\n  email: string;\n}): Promise<Envelope<{ id: string; name: string }>>",
    );
  });
});

describe("toolPath", () => {
  it("writes a dotted path, bracketing parts that are not identifiers", () => {
    expect(toolPath(tool("billing.list_invoices"))).toBe("tools.billing.list_invoices");
    expect(toolPath(tool("docs.pages.get-one"))).toBe('tools.docs["pages.get-one"]');
    expect(toolPath({ namespace: "my-crm", localName: "find" })).toBe('tools["my-crm"].find');
  });
});
