export { createToolSearch } from "./create-tool-search.js";
