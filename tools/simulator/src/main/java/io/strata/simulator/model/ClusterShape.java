package io.strata.simulator.model;

/**
 * The static shape of the simulated cluster.
 *
 * @param cluster cluster name (k8s.cluster.name, Strata's cluster key)
 * @param nodes number of GPU nodes
 * @param gpusPerNode GPUs on every node
 * @param gpuProduct nvidia.com/gpu.product label value (dashes, as GPU feature discovery writes it)
 * @param modelName dcgm-exporter modelName label value
 * @param driverVersion DCGM_FI_DRIVER_VERSION label value
 * @param requestsPerSecond cluster-wide inference request rate in the healthy state
 * @param seed seed of every random choice, so a run is reproducible
 */
public record ClusterShape(
    String cluster,
    int nodes,
    int gpusPerNode,
    String gpuProduct,
    String modelName,
    String driverVersion,
    double requestsPerSecond,
    long seed) {

  public ClusterShape {
    if (nodes < 1) {
      throw new IllegalArgumentException("nodes must be at least 1, was " + nodes);
    }
    if (gpusPerNode < 1 || gpusPerNode > 64) {
      throw new IllegalArgumentException("gpus per node must be 1..64, was " + gpusPerNode);
    }
    if (requestsPerSecond < 0) {
      throw new IllegalArgumentException("request rate must be >= 0, was " + requestsPerSecond);
    }
  }

  /** Four H100 nodes of eight GPUs, 20 requests per second. */
  public static ClusterShape defaults() {
    return new ClusterShape(
        "sim-cluster",
        4,
        8,
        "NVIDIA-H100-80GB-HBM3",
        "NVIDIA H100 80GB HBM3",
        "570.133.20",
        20.0,
        42L);
  }

  public ClusterShape withNodes(int count) {
    return new ClusterShape(
        cluster, count, gpusPerNode, gpuProduct, modelName, driverVersion, requestsPerSecond, seed);
  }

  public int totalGpus() {
    return nodes * gpusPerNode;
  }
}
