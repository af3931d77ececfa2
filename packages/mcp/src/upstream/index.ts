export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamStatus } from "./create-upstream.js";
export { linkAbort } from "./link-abort.js";
