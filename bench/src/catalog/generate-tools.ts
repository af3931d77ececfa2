import type { JsonSchema, ToolDefinition } from "@codemode/core";
import { seededRandom } from "../stats/seeded-random.js";

const DOMAINS = [
  "billing", "crm", "github", "jira", "slack", "calendar", "drive", "mail", "hr", "payroll", "inventory", "shipping",
  "analytics", "support", "marketing", "sales", "finance", "legal", "security", "devops", "search", "maps", "weather",
  "travel", "docs", "wiki", "chat", "video", "storage", "dns", "cdn", "db", "queue", "auth", "audit", "metrics",
  "logging", "tickets", "orders", "catalog",
] as const;
const VERBS = [
  "list", "get", "create", "update", "delete", "search", "archive", "export", "import", "sync", "approve", "reject",
  "assign", "close", "reopen", "merge", "publish", "schedule", "cancel", "refund",
] as const;
const NOUNS = [
  "invoices", "customers", "tickets", "issues", "messages", "events", "files", "users", "employees", "orders",
  "shipments", "reports", "campaigns", "leads", "contracts", "alerts", "deployments", "records", "queues", "tokens",
  "comments", "labels", "projects", "teams", "payments",
] as const;
const QUALIFIERS = [
  "by status", "for a customer", "in a date range", "with pagination", "for the current user", "across all teams",
  "that are overdue", "matching a free-text query", "in bulk", "with full history",
] as const;
const PARAMETERS: readonly [string, JsonSchema][] = [
  ["cursor", { type: "string", description: "Opaque cursor from the previous page." }],
  ["limit", { type: "integer", minimum: 1, maximum: 100, description: "Items per page.", default: 20 }],
  ["status", { type: "string", enum: ["open", "closed", "pending"], description: "Only items in this status." }],
  ["customerId", { type: "string", description: "The customer the items belong to." }],
  ["since", { type: "string", format: "date-time", description: "Only items changed after this time." }],
  ["query", { type: "string", description: "Free-text search over titles and bodies." }],
  ["ids", { type: "array", items: { type: "string" }, description: "Exact ids to fetch." }],
  ["dryRun", { type: "boolean", description: "Validate without changing anything." }],
  ["amount", { type: "number", description: "Amount in the account's currency." }],
  ["tags", { type: "array", items: { type: "string" }, description: "Labels to filter or apply." }],
];

/** Options of {@link generateTools}. */
export interface GenerateToolsOptions {
  /** Seeds the generator; the same seed gives the same tools. Default 1. */
  seed?: number;
  /** Tools per namespace. Default 100 (10,000 tools: 100 namespaces). */
  perNamespace?: number;
}

/**
 * Generates `count` realistic tools across namespaces, with descriptions, affordances, annotations and 1-5
 * parameters, deterministically.
 */
export function generateTools(count: number, options: GenerateToolsOptions = {}): ToolDefinition[] {
  const next = seededRandom(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const namespaceCount = Math.max(1, Math.ceil(count / (options.perNamespace ?? 100)));
  const tools: ToolDefinition[] = [];
  for (let index = 0; index < count; index++) {
    const domainIndex = index % namespaceCount;
    const domain = DOMAINS[domainIndex % DOMAINS.length]!;
    const namespace = domainIndex < DOMAINS.length ? domain : `${domain}${Math.floor(domainIndex / DOMAINS.length) + 1}`;
    const slot = Math.floor(index / namespaceCount);
    const verb = VERBS[slot % VERBS.length]!;
    const noun = NOUNS[Math.floor(slot / VERBS.length) % NOUNS.length]!;
    const round = Math.floor(slot / (VERBS.length * NOUNS.length));
    const name = `${namespace}.${verb}_${noun}${round > 0 ? `_v${round + 1}` : ""}`;
    const properties = Object.fromEntries(
      Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(PARAMETERS)),
    );
    const keys = Object.keys(properties);
    tools.push({
      name,
      description: `${capitalise(verb)} ${noun} in ${namespace} ${pick(QUALIFIERS)}. Returns up to 100 ${noun} per call.`,
      inputSchema: { type: "object", properties, required: keys.slice(0, Math.floor(next() * keys.length)) },
      outputSchema: { type: "object", properties: { items: { type: "array", items: { type: "object" } } } },
      affordances: [`${verb} ${domain} ${noun}`, `${noun} ${pick(QUALIFIERS)}`],
      annotations: { readOnlyHint: verb === "list" || verb === "get" || verb === "search" },
      execute: async () => ({ items: [] }),
    });
  }
  return tools;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
