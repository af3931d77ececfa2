// The demo support server; tickets live in memory for the server's lifetime.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { CUSTOMERS } from "./demo-data.js";

const ticket = z.object({ id: z.string(), customerId: z.string(), subject: z.string(), priority: z.enum(["low", "normal", "high"]), openedOn: z.string() });
type Ticket = z.infer<typeof ticket>;

const tickets: Ticket[] = CUSTOMERS.flatMap((customer, index) =>
  Array.from({ length: index % 4 }, (_, number) => ({
    id: `T-${8000 + index * 4 + number}`,
    customerId: customer.id,
    subject: ["Invoice looks wrong", "Cannot add seats", "Export fails", "Login loop"][(index + number) % 4] ?? "Question",
    priority: (["low", "normal", "high"] as const)[(index + number) % 3] ?? "normal",
    openedOn: `2026-11-${String(1 + ((index * 3 + number) % 28)).padStart(2, "0")}`,
  })),
);

/** The support server: one instance per connection, over the data above. */
function createSupportServer(): McpServer {
  const server = new McpServer({ name: "support", version: "1.0.0" });

  server.registerTool(
    "recent_tickets",
    {
      description: "A customer's most recent support tickets, newest first.",
      inputSchema: { customerId: z.string(), limit: z.number().int().min(1).max(50).optional() },
      outputSchema: { tickets: z.array(ticket) },
      annotations: { readOnlyHint: true },
    },
    async ({ customerId, limit = 10 }) => {
      const found = tickets
        .filter((item) => item.customerId === customerId)
        .sort((a, b) => b.openedOn.localeCompare(a.openedOn))
        .slice(0, limit);
      return { content: [{ type: "text", text: JSON.stringify({ tickets: found }) }], structuredContent: { tickets: found } };
    },
  );

  server.registerTool(
    "create_ticket",
    {
      description: "Open a support ticket for a customer.",
      inputSchema: { customerId: z.string(), subject: z.string(), priority: z.enum(["low", "normal", "high"]).optional() },
      outputSchema: { ticket: z.string() },
      annotations: { destructiveHint: false, idempotentHint: false },
    },
    async ({ customerId, subject, priority = "normal" }) => {
      const created = { id: `T-${8800 + tickets.length}`, customerId, subject, priority, openedOn: new Date().toISOString().slice(0, 10) };
      tickets.push(created);
      return { content: [{ type: "text", text: `Created ${created.id}.` }], structuredContent: { ticket: created.id } };
    },
  );
  return server;
}

// serveStdio answers a 2026-07-28 client (no initialize; each request carries its version) and a 2025-era one
// (initialize, then a session) from the same definition.
serveStdio(createSupportServer);
