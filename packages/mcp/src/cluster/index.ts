export { createCluster, replicaIdOf, type Cluster } from "./create-cluster.js";
