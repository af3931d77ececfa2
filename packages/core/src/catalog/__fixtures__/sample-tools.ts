import { createToolRegistry, type RegisteredTool, type ToolDefinition } from "../../tools/index.js";

const execute = async () => null;

/** A small, varied tool set: namespaces, a toolkit, rich definitions and schemas that stretch the signature writer. */
export const SAMPLE_DEFINITIONS: ToolDefinition[] = [
  {
    name: "billing.list_invoices",
    description: "List invoices, newest first, 100 to a page.",
    inputSchema: {
      type: "object",
      properties: {
        status: { enum: ["open", "paid", "void"], description: "Only invoices in this state." },
        cursor: { type: "string", description: "From the previous page's nextCursor." },
      },
    },
    outputSchema: {
      type: "object",
      properties: { invoices: { type: "array", items: { $ref: "#/$defs/Invoice" } }, nextCursor: { type: ["string", "null"] } },
      required: ["invoices", "nextCursor"],
      $defs: {
        Invoice: {
          type: "object",
          properties: { id: { type: "string" }, total: { type: "number" }, customerId: { type: "string" } },
          required: ["id", "total", "customerId"],
        },
      },
    },
    annotations: { readOnlyHint: true },
    toolkit: "accounts-receivable",
    execute,
  },
  {
    name: "billing.refund_payment",
    description: "Refund a payment in full or in part.",
    inputSchema: {
      type: "object",
      properties: { paymentId: { type: "string" }, amount: { type: "number", description: "In cents; the whole payment when absent." } },
      required: ["paymentId"],
    },
    annotations: { destructiveHint: true },
    affordances: ["give money back to a customer", "reverse a charge"],
    stateTransition: { requires: ["billing.payment_captured"], produces: ["billing.payment_refunded"] },
    toolkit: "accounts-receivable",
    execute,
  },
  {
    name: "crm.find_customer",
    description: "Find a customer by email address.",
    inputSchema: { type: "object", properties: { email: { type: "string", description: "Their email address" } }, required: ["email"] },
    outputSchema: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } }, required: ["id", "name"] },
    toolkit: "accounts-receivable",
    execute,
  },
  {
    name: "crm.update_customer",
    description: "Change a customer's name or email.",
    inputSchema: {
      type: "object",
      properties: { id: { type: "string" }, patch: { type: "object", additionalProperties: { type: "string" } } },
      required: ["id", "patch"],
    },
    execute,
  },
  {
    name: "support.recent_tickets",
    description: "The support tickets a customer opened in the last 30 days.",
    inputSchema: { type: "object", properties: { customerId: { type: "string" } }, required: ["customerId"] },
    toolkit: "helpdesk",
    execute,
  },
  {
    name: "support.create_ticket",
    description: "Open a support ticket for a customer.",
    inputSchema: {
      type: "object",
      properties: { customerId: { type: "string" }, subject: { type: "string" }, "x-priority": { type: "integer", default: 3 } },
      required: ["customerId", "subject"],
    },
    toolkit: "helpdesk",
    execute,
  },
  { name: "docs.pages.get-one", description: "Fetch one documentation page by slug.", execute },
];

/** The sample definitions registered, as the catalog receives them. */
export function sampleTools(definitions: ToolDefinition[] = SAMPLE_DEFINITIONS): readonly RegisteredTool[] {
  return createToolRegistry(definitions).tools;
}

/** A deterministic stand-in for an embedding model: counts of each letter a-z, so texts sharing letters are close. */
export async function bagOfLetters(texts: string[]): Promise<number[][]> {
  return texts.map((text) => {
    const vector = new Array<number>(26).fill(0);
    for (const char of text.toLowerCase()) {
      const code = char.charCodeAt(0) - 97;
      if (code >= 0 && code < 26) vector[code] = (vector[code] as number) + 1;
    }
    return vector;
  });
}
