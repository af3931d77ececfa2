export { catalogKey, createCatalogCache, type CachedCatalog, type CatalogCache } from "./create-catalog-cache.js";
export { defaultCacheDir } from "./default-cache-dir.js";
