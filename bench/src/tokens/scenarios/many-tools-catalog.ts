import { jsonSchema, tool, type ToolSet } from "ai";
import { pick, seededRandom } from "../../stats/seeded-random.js";

const NAMESPACES = [
  "billing", "crm", "github", "jira", "slack", "calendar", "drive", "mail", "hr", "payroll", "inventory", "shipping",
  "analytics", "support", "marketing", "sales", "finance", "legal", "security", "devops", "search", "maps", "geo",
  "weather", "travel", "docs", "wiki", "chat", "video", "storage", "dns", "cdn", "db", "queue", "auth", "audit",
  "metrics", "logging", "orders", "catalog",
] as const;
const VERBS = ["list", "get", "create", "update", "delete", "search", "archive", "export", "import", "sync", "approve", "assign", "close", "publish", "schedule"] as const;
const NOUNS = ["invoices", "customers", "tickets", "issues", "messages", "events", "files", "users", "employees", "orders", "shipments", "reports", "campaigns", "leads", "contracts", "alerts", "deployments", "records", "comments", "labels", "projects", "teams", "payments"] as const;
const QUALIFIERS = ["by status", "for a customer", "in a date range", "with pagination", "for the current user", "across all teams", "that are overdue", "matching a free-text query"] as const;
const PARAMETERS: readonly [string, Record<string, unknown>][] = [
  ["cursor", { type: "string", description: "Opaque cursor from the previous page." }],
  ["limit", { type: "integer", minimum: 1, maximum: 100, description: "Items per page.", default: 20 }],
  ["status", { type: "string", enum: ["open", "closed", "pending"], description: "Only items in this status." }],
  ["customerId", { type: "string", description: "The customer the items belong to." }],
  ["since", { type: "string", format: "date-time", description: "Only items changed after this time." }],
  ["query", { type: "string", description: "Free-text search over titles and bodies." }],
  ["ids", { type: "array", items: { type: "string" }, description: "Exact ids to fetch." }],
  ["dryRun", { type: "boolean", description: "Validate without changing anything." }],
  ["tags", { type: "array", items: { type: "string" }, description: "Labels to filter or apply." }],
];
const TOOLS_PER_NAMESPACE = 25;

function fillerTool(namespace: string, verb: string, noun: string, random: () => number) {
  const chosen = PARAMETERS.filter(() => random() < 0.5).slice(0, 5);
  const properties = Object.fromEntries(chosen.length > 0 ? chosen : PARAMETERS.slice(0, 2));
  return tool({
    description: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${noun} ${pick(QUALIFIERS, random)} in ${namespace}. Returns the matching ${noun} with their ids, owners and timestamps; pass the cursor to continue.`,
    inputSchema: jsonSchema<Record<string, unknown>>({ type: "object", properties, additionalProperties: false }),
    execute: async () => ({ items: [], cursor: null }),
  });
}

/**
 * 1,000 tools over 40 namespaces (`<namespace>_<verb>_<noun>`), generated from a seed, with `extra` put in place
 * of the first generated tools of their namespaces. Returns the tools and each one's namespace.
 */
export function createManyTools(extra: Record<string, { namespace: string; tool: ToolSet[string] }>): { tools: ToolSet; namespace: Record<string, string> } {
  const random = seededRandom(3);
  const tools: ToolSet = {};
  const namespace: Record<string, string> = {};
  for (const space of NAMESPACES) {
    const own = Object.entries(extra).filter(([, entry]) => entry.namespace === space);
    for (const [key, entry] of own) {
      tools[key] = entry.tool;
      namespace[key] = space;
    }
    const names = new Set<string>();
    while (names.size < TOOLS_PER_NAMESPACE - own.length) names.add(`${pick(VERBS, random)}_${pick(NOUNS, random)}`);
    for (const name of names) {
      const key = `${space}_${name}`;
      const [verb, noun] = name.split("_") as [string, string];
      tools[key] = fillerTool(space, verb, noun, random);
      namespace[key] = space;
    }
  }
  return { tools, namespace };
}
