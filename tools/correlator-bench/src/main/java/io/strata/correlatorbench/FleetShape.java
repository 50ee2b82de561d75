package io.strata.correlatorbench;

import java.util.ArrayList;
import java.util.List;

/**
 * The simulated fleet: N GPUs on nodes of 8, pods of {@link #GPUS_PER_POD} GPUs spread over
 * workloads (N/50 of them, 20 for 1,000 GPUs, as issue 13 measured). The last workload of a fleet
 * with more than one gets its GPUs through DRA ResourceClaims, like the simulator's {@code
 * dra-infer} (docs/simulator.md); the others use the device plugin's {@code nvidia.com/gpu}.
 *
 * @param workloads every workload, each with its pods
 */
record FleetShape(int gpuCount, List<Node> nodes, List<Workload> workloads) {

  static final String CLUSTER = "bench";
  static final String NAMESPACE = "inference";
  static final int GPUS_PER_NODE = 8;
  static final int GPUS_PER_POD = 4;
  static final int GPUS_PER_WORKLOAD = 50;

  /** One node and the UUIDs of its GPUs, by index. */
  record Node(String name, List<String> gpus) {}

  /** One GPU pod: its node and the GPUs it holds. */
  record Pod(String name, String workload, String node, List<String> gpus, List<Integer> indexes) {}

  record Workload(String name, boolean dra, List<Pod> pods) {}

  static FleetShape of(int gpus) {
    if (gpus < GPUS_PER_POD || gpus % GPUS_PER_POD != 0) {
      throw new IllegalArgumentException(
          "--gpus must be a positive multiple of " + GPUS_PER_POD + ", got " + gpus);
    }
    List<Node> nodes = new ArrayList<>();
    for (int n = 0; n * GPUS_PER_NODE < gpus; n++) {
      List<String> uuids = new ArrayList<>();
      for (int i = 0; i < GPUS_PER_NODE && n * GPUS_PER_NODE + i < gpus; i++) {
        uuids.add(gpuUuid(n, i));
      }
      nodes.add(new Node(String.format("gpu-node-%05d", n), List.copyOf(uuids)));
    }
    int workloadCount = Math.max(1, gpus / GPUS_PER_WORKLOAD);
    List<List<Pod>> podsByWorkload = new ArrayList<>();
    for (int w = 0; w < workloadCount; w++) {
      podsByWorkload.add(new ArrayList<>());
    }
    int podNumber = 0;
    for (Node node : nodes) {
      for (int first = 0; first < node.gpus().size(); first += GPUS_PER_POD) {
        int w = podNumber++ % workloadCount;
        String workload = workloadName(w);
        List<Pod> pods = podsByWorkload.get(w);
        List<Integer> indexes = new ArrayList<>();
        for (int i = first; i < first + GPUS_PER_POD; i++) {
          indexes.add(i);
        }
        pods.add(
            new Pod(
                workload + "-" + pods.size(),
                workload,
                node.name(),
                List.copyOf(node.gpus().subList(first, first + GPUS_PER_POD)),
                List.copyOf(indexes)));
      }
    }
    List<Workload> workloads = new ArrayList<>();
    for (int w = 0; w < workloadCount; w++) {
      boolean dra = workloadCount > 1 && w == workloadCount - 1;
      workloads.add(new Workload(workloadName(w), dra, List.copyOf(podsByWorkload.get(w))));
    }
    return new FleetShape(gpus, List.copyOf(nodes), List.copyOf(workloads));
  }

  List<Pod> pods() {
    return workloads.stream().flatMap(w -> w.pods().stream()).toList();
  }

  private static String workloadName(int w) {
    return String.format("llm-%03d", w);
  }

  /**
   * A stable GPU id shaped like a real one (dcgm-exporter's {@code UUID} label is {@code
   * GPU-<uuid>}, random hex on real hardware), derived from the node and index as the simulator's
   * are. Sequential ids would make Java's string hashes cluster, a cost no real fleet has.
   */
  private static String gpuUuid(int node, int index) {
    return "GPU-"
        + java.util.UUID.nameUUIDFromBytes(
            ("bench/" + node + "/" + index).getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }
}
