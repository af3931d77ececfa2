export { BYTES_KEY, encodeToolData } from "./encode-tool-data.js";
export { fitResult } from "./fit-result.js";
export { GUEST_JSON_SOURCE, mayWriteNatively } from "./guest-json-source.js";
export { MAX_JSON_DEPTH, nestsDeeperThan } from "./nests-deeper-than.js";
export { SERIALIZER_SOURCE } from "./serializer-source.js";
export { toGuestSource } from "./guest-source.js";
export { SESSION_STATE_SOURCE } from "./session-state-source.js";
