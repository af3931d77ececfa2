/** The runtime this code runs on, as an error message names it. */
export function runtimeName(): string {
  const scope = globalThis as { Bun?: unknown; Deno?: unknown; process?: { versions?: { node?: string } }; navigator?: { userAgent?: string }; document?: unknown };
  if (scope.Bun !== undefined) return "Bun";
  if (scope.Deno !== undefined) return "Deno";
  if (scope.navigator?.userAgent === "Cloudflare-Workers") return "Cloudflare Workers";
  if (scope.process?.versions?.node) return "Node.js";
  if (scope.document !== undefined) return "a browser page";
  return "this runtime";
}
