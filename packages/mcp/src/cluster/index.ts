export { createCluster, replicaIdOf, type Cluster, type UpstreamEvent } from "./create-cluster.js";
export type { ExecutionCounter, WindowAnswer } from "./count-executions-in-redis.js";
