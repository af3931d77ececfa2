export { createCatalogCache } from "./create-catalog-cache.js";
export { defaultCacheDir } from "./default-cache-dir.js";
