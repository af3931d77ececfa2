import type { Client, Resource, Tool } from "@modelcontextprotocol/client";

const MAX_PAGES = 1000;

/** Every page of a listing, page by page, stopping at a cursor the server already gave. */
async function listPages<Item>(page: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor?: string | undefined }>): Promise<Item[]> {
  const listed: Item[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let count = 0; count < MAX_PAGES; count++) {
    // Page by page rather than the SDK's own walk: a server that hands back a cursor it already gave would run that
    // walk to its page cap and lose the whole listing.
    const result = await page(cursor);
    listed.push(...result.items);
    cursor = result.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return listed;
}

/** Every tool the server lists; none when it does not offer tools. */
export async function listAllTools(client: Client): Promise<Tool[]> {
  // The SDK would log to stdout (console.debug) about a server without tools; such a server simply has none.
  if (!client.getServerCapabilities()?.tools) return [];
  return listPages(async (cursor) => {
    const result = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } });
    return { items: result.tools, nextCursor: result.nextCursor };
  });
}

/** Every resource the server lists, with a call's timeout and signal on each page. */
export function listAllResources(client: Client, options: { timeout: number; signal: AbortSignal }): Promise<Resource[]> {
  return listPages(async (cursor) => {
    const result = await client.request({ method: "resources/list", params: cursor === undefined ? {} : { cursor } }, options);
    return { items: result.resources, nextCursor: result.nextCursor };
  });
}
