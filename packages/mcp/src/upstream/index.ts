export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamStatus } from "./create-upstream.js";
