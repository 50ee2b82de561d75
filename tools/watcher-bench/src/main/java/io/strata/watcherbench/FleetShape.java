package io.strata.watcherbench;

/**
 * The benchmark's cluster: {@code nodes} GPU nodes of {@code gpusPerNode} GPUs, one single-GPU pod
 * per GPU. Pods belong to Deployments of {@link #DEPLOYMENT_REPLICAS} (each with one older,
 * scaled-down ReplicaSet, as a rollout leaves it) or, for every {@link #JOB_EVERY}-th block of
 * pods, to indexed Jobs whose pods take their GPU through a DRA ResourceClaim.
 */
record FleetShape(int nodes, int gpusPerNode, int eventsPerPod) {

  static final int DEPLOYMENT_REPLICAS = 50;
  static final int JOB_EVERY = 5;
  static final int NAMESPACES = 10;

  int pods() {
    return nodes * gpusPerNode;
  }

  /** Pods are grouped in blocks of {@link #DEPLOYMENT_REPLICAS}; one block is one workload. */
  int workloads() {
    return (pods() + DEPLOYMENT_REPLICAS - 1) / DEPLOYMENT_REPLICAS;
  }

  boolean isJob(int workload) {
    return workload % JOB_EVERY == JOB_EVERY - 1;
  }

  String namespace(int workload) {
    return String.format("team-%02d", workload % NAMESPACES);
  }

  String node(int pod) {
    return String.format("gpu-node-%05d", pod / gpusPerNode);
  }

  int gpuOnNode(int pod) {
    return pod % gpusPerNode;
  }
}
