import { tool } from "ai";
import { z } from "zod";
import { lastExecuteResult, lastToolResult, readToolResults } from "../read-prompt.js";
import type { ModelPrompt } from "../read-prompt.js";
import type { TokenScenario } from "../token-scenario.js";
import { CUSTOMERS, TICKETS, planOf, type Customer, type Ticket } from "./customer-join-data.js";

const NAME = "Globex Corporation";
const SUBJECT = "SSO login fails for new users";
const RECENT = 10;
const recentOf = (tickets: readonly Ticket[], customerId: string) =>
  tickets.filter((ticket) => ticket.customerId === customerId).slice(-RECENT).reverse();
const openIn = (tickets: readonly Ticket[]) => tickets.filter((ticket) => ticket.status !== "closed").length;

function expectedAnswer(): string {
  const customer = CUSTOMERS.find((candidate) => candidate.name === NAME)!;
  const plan = planOf(customer.id).name;
  return JSON.stringify({ ticket: `T-${8600 + TICKETS.length}`, plan, openTickets: openIn(recentOf(TICKETS, customer.id)) });
}

const ticketInput = (customerId: string, plan: string, open: number) => ({
  customerId,
  subject: SUBJECT,
  priority: plan === "Enterprise" ? "high" : "normal",
  body: `Customer reports: ${SUBJECT}. ${open} of their recent tickets are still open.`,
});

const SCRIPT = `const found = await tools.crm.find_customer({ query: "Globex" });
if (!found.ok) return { error: found.error.message };
const customer = found.data.customers.find((c) => c.name === "${NAME}");
if (!customer) return { error: "no such customer" };
const [tickets, plan] = await Promise.all([
  tools.support.recent_tickets({ customerId: customer.id }),
  tools.billing.current_plan({ customerId: customer.id }),
]);
if (!tickets.ok || !plan.ok) return { error: "lookup failed" };
const open = tickets.data.tickets.filter((t) => t.status !== "closed").length;
const created = await tools.support.create_ticket({
  customerId: customer.id,
  subject: "${SUBJECT}",
  priority: plan.data.name === "Enterprise" ? "high" : "normal",
  body: \`Customer reports: ${SUBJECT}. \${open} of their recent tickets are still open.\`,
});
if (!created.ok) return { error: created.error.message };
return { ticket: created.data.id, plan: plan.data.name, openTickets: open };`;

// Reads what it needs from the results it was shown, one call per step, as a model calling tools directly does.
function direct(prompt: ModelPrompt) {
  const results = readToolResults(prompt);
  const output = <T>(name: string) => results.find((result) => result.toolName === name)?.output as T;
  const customer = () => output<{ customers: Customer[] }>("find_customer").customers.find((candidate) => candidate.name === NAME)!;
  const open = () => openIn(output<{ tickets: Ticket[] }>("recent_tickets").tickets);
  const plan = () => output<{ name: string }>("current_plan").name;
  switch (lastToolResult(prompt)?.toolName) {
    case undefined:
      return { tool: "find_customer", input: { query: "Globex" } };
    case "find_customer":
      return { tool: "recent_tickets", input: { customerId: customer().id } };
    case "recent_tickets":
      return { tool: "current_plan", input: { customerId: customer().id } };
    case "current_plan":
      return { tool: "create_ticket", input: ticketInput(customer().id, plan(), open()) };
    default:
      return { text: JSON.stringify({ ticket: output<Ticket>("create_ticket").id, plan: plan(), openTickets: open() }) };
  }
}

/** Find a customer, read their recent tickets and current plan, and open a ticket. */
export const customerJoinScenario: TokenScenario = {
  name: "2. join: customer, tickets, plan, new ticket",
  task: `${NAME} reports: "${SUBJECT}". Find the customer, check their recent tickets and current plan, and open a ticket about it: high priority on the Enterprise plan, normal otherwise, saying how many of their recent tickets are still open (not closed). Reply as JSON: {"ticket": <id>, "plan": <plan name>, "openTickets": <count>}.`,
  namespace: { find_customer: "crm", recent_tickets: "support", create_ticket: "support", current_plan: "billing" },
  expected: expectedAnswer(),
  createTools: () => {
    const tickets = TICKETS.map((ticket) => ({ ...ticket }));
    return {
      find_customer: tool({
        description: "Find customers whose name or domain contains the query; returns full CRM records.",
        inputSchema: z.object({ query: z.string().describe("Part of a name or domain") }),
        execute: async ({ query }) => ({ customers: CUSTOMERS.filter((customer) => `${customer.name} ${customer.domain}`.toLowerCase().includes(query.toLowerCase())) }),
      }),
      recent_tickets: tool({
        description: `The ${RECENT} most recent support tickets of a customer, newest first, with their full text.`,
        inputSchema: z.object({ customerId: z.string() }),
        execute: async ({ customerId }) => ({ tickets: recentOf(tickets, customerId) }),
      }),
      current_plan: tool({
        description: "The customer's current subscription plan: name, seats, price and features.",
        inputSchema: z.object({ customerId: z.string() }),
        execute: async ({ customerId }) => planOf(customerId),
      }),
      create_ticket: tool({
        description: "Open a support ticket for a customer; returns the new ticket.",
        inputSchema: z.object({ customerId: z.string(), subject: z.string(), body: z.string(), priority: z.enum(["low", "normal", "high"]) }),
        execute: async (input) => {
          const ticket: Ticket = { id: `T-${8600 + tickets.length}`, status: "open", createdAt: "2026-11-30", ...input };
          tickets.push(ticket);
          return ticket;
        },
      }),
    };
  },
  direct,
  codeMode: (prompt) =>
    lastToolResult(prompt) === undefined ? { tool: "execute", input: { code: SCRIPT } } : { text: JSON.stringify(lastExecuteResult(prompt)) },
};
