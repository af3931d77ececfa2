export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamLogFields, type UpstreamStatus } from "./create-upstream.js";
export { waitFor } from "./wait-for.js";
