export { createUpstreamResources } from "./create-upstream-resources.js";
