export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamStatus } from "./create-upstream.js";
export { isConnectionError, toToolError } from "./to-tool-error.js";
