import { describe, expect, it } from "vitest";
import { createToolRegistry } from "../../tools/index.js";
import { sampleTools } from "../__fixtures__/sample-tools.js";
import { toolEmbeddingText, toolSearchText } from "./tool-search-text.js";

const tool = (name: string) => sampleTools().find((candidate) => candidate.name === name)!;

describe("toolSearchText", () => {
  it("gathers the name, namespace, description, affordances and parameters", () => {
    expect(toolSearchText(tool("billing.refund_payment"))).toEqual({
      name: "refund_payment",
      namespace: "billing",
      description: "Refund a payment in full or in part.",
      affordances: "give money back to a customer. reverse a charge",
      parameters: "paymentId. amount In cents; the whole payment when absent.",
    });
  });

  it("reads parameters one level down, not deeper", () => {
    const [nested] = createToolRegistry([
      {
        name: "mail.send",
        description: "Send a message.",
        inputSchema: {
          type: "object",
          properties: { to: { type: "object", properties: { address: { type: "string", properties: { deep: {} } } } } },
        },
        execute: async () => null,
      },
    ]).tools;
    expect(toolSearchText(nested!).parameters).toBe("to. address");
    expect(toolSearchText(tool("docs.pages.get-one")).parameters).toBe("");
  });
});

describe("toolEmbeddingText", () => {
  it("writes one text per tool with its full name first", () => {
    expect(toolEmbeddingText(tool("crm.find_customer"))).toBe(
      "crm.find_customer: Find a customer by email address.\nParameters: email Their email address",
    );
  });
});
