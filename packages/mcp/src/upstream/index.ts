export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamStatus } from "./create-upstream.js";
export { createUpstreamTransport, type CreateUpstreamTransportOptions } from "./create-upstream-transport.js";
export { isConnectionError, toUpstreamError } from "./to-upstream-error.js";
