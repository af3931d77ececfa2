export {
  type ResourceCallOptions,
  type ResourceContent,
  type ResourceInfo,
  type ResourceSource,
} from "./resource-source.js";
export { RESOURCES_DECLARATION } from "./resources-declaration.js";
