export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamLogFields, type UpstreamStatus } from "./create-upstream.js";
export { linkAbort } from "./link-abort.js";
export { waitFor } from "./wait-for.js";
