import type { CatalogPage } from "./tool-catalog.js";

/** Cuts one page out of a list already filtered for the caller; `nextOffset` only when more follow. */
export function paginate<T, U = T>(
  all: readonly T[],
  offset: number,
  limit: number,
  map: (item: T) => U = (item) => item as unknown as U,
): CatalogPage<U> {
  const items = all.slice(offset, offset + limit).map(map);
  return pageOf(items, all.length, offset, limit);
}

/** A page from items already cut, with the total they were cut from. */
export function pageOf<U>(items: U[], total: number, offset: number, limit: number): CatalogPage<U> {
  const hasMore = offset + items.length < total;
  const page: CatalogPage<U> = { items, total, limit, offset, hasMore };
  if (hasMore) page.nextOffset = offset + items.length;
  return page;
}
