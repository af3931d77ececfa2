import { CodeModeError, type ToolDefinition } from "../index.js";
import { DEMO_CUSTOMERS, DEMO_INVOICES, DEMO_TICKETS, type DemoTicket } from "./demo-data.js";

/** Options of {@link createDemoTools}. */
export interface CreateDemoToolsOptions {
  /** Each call waits this long first (and stops early when its signal fires), to make concurrency visible. */
  delayMs?: number;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

const customerId = { type: "string", description: "A customer id such as cus_01." };

/**
 * Billing, CRM and support tools over fixed data (DEMO_CUSTOMERS, DEMO_INVOICES, DEMO_TICKETS), for tests and
 * examples. Tickets created with `support.create_ticket` live only in the returned set.
 */
export function createDemoTools(options: CreateDemoToolsOptions = {}): ToolDefinition[] {
  const tickets: DemoTicket[] = DEMO_TICKETS.map((ticket) => ({ ...ticket }));
  const slow =
    <A, R>(run: (args: A) => R) =>
    async (args: A, { signal }: { signal: AbortSignal }) => {
      await wait(options.delayMs ?? 0, signal);
      return run(args);
    };
  const customerOf = (id: string) => {
    const customer = DEMO_CUSTOMERS.find((candidate) => candidate.id === id);
    if (!customer) throw new CodeModeError("NOT_FOUND", `No customer has the id "${id}".`);
    return customer;
  };

  return [
    {
      name: "crm.list_customers",
      description: "List every customer with id, name, country and annual revenue in US dollars.",
      inputSchema: { type: "object", properties: {}, additionalProperties: false },
      execute: slow(() => DEMO_CUSTOMERS.map((customer) => ({ ...customer }))),
    },
    {
      name: "crm.get_customer",
      description: "Get one customer by id.",
      inputSchema: { type: "object", properties: { id: customerId }, required: ["id"], additionalProperties: false },
      execute: slow(({ id }: { id: string }) => ({ ...customerOf(id) })),
    },
    {
      name: "billing.list_invoices",
      description: "List invoices (amounts in whole US dollars), optionally of one customer and one status.",
      inputSchema: {
        type: "object",
        properties: { customerId, status: { type: "string", enum: ["paid", "unpaid"] } },
        additionalProperties: false,
      },
      execute: slow(({ customerId: id, status }: { customerId?: string; status?: "paid" | "unpaid" }) =>
        DEMO_INVOICES.filter(
          (invoice) =>
            (id === undefined || invoice.customerId === id) && (status === undefined || invoice.status === status)
        ).map((invoice) => ({ ...invoice }))
      ),
    },
    {
      name: "support.list_tickets",
      description: "List support tickets, optionally of one customer and one status.",
      inputSchema: {
        type: "object",
        properties: { customerId, status: { type: "string", enum: ["open", "closed"] } },
        additionalProperties: false,
      },
      execute: slow(({ customerId: id, status }: { customerId?: string; status?: "open" | "closed" }) =>
        tickets
          .filter(
            (ticket) =>
              (id === undefined || ticket.customerId === id) && (status === undefined || ticket.status === status)
          )
          .map((ticket) => ({ ...ticket }))
      ),
    },
    {
      name: "support.create_ticket",
      description: "Open a support ticket for a customer and return it.",
      inputSchema: {
        type: "object",
        properties: {
          customerId,
          subject: { type: "string", minLength: 1 },
          priority: { type: "string", enum: ["low", "normal", "high"] },
        },
        required: ["customerId", "subject"],
        additionalProperties: false,
      },
      execute: slow(
        ({
          customerId: id,
          subject,
          priority,
        }: {
          customerId: string;
          subject: string;
          priority?: DemoTicket["priority"];
        }) => {
          customerOf(id);
          const ticket: DemoTicket = {
            id: `tic_${501 + tickets.length}`,
            customerId: id,
            subject,
            status: "open",
            priority: priority ?? "normal",
          };
          tickets.push(ticket);
          return { ...ticket };
        }
      ),
    },
  ];
}
