export { decodeBinary } from "./decode-binary.js";
export { normalizeCallResult, type NormalizedResult, type UpstreamCallResult } from "./normalize-call-result.js";
