// The cluster harness: Redis, gateway replicas and HAProxy on one machine, for the example, the cluster test and the
// bench. Private to this repository.
export { startCluster, type Cluster, type ClusterOptions } from "./start-cluster.js";
export { haproxyConfig, type HaproxyConfigOptions, type HaproxyServer } from "./haproxy-config.js";
export { checkHaproxyConfig } from "./start-haproxy.js";
export { REDIS_PERSISTENCE } from "./start-redis.js";
export { missingPrograms, missingProgramsMessage } from "./find-program.js";
export type { Replica } from "./start-replica.js";
export { runSessionClients, type ClientEra, type ClientRecord, type SessionClientsOptions, type SessionClientsReport } from "./run-session-clients.js";
export { summarizeLatency, type LatencySummary } from "./summarize-latency.js";
