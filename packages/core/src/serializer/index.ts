export { fitResult } from "./fit-result.js";
export { SERIALIZER_SOURCE } from "./serializer-source.js";
