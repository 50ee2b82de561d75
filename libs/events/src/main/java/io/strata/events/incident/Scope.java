package io.strata.events.incident;

import java.util.List;

/**
 * What an incident covers. The single_* flags say how far the blast radius goes, which decides the
 * first action.
 *
 * @param workloads workload names ({@code namespace/workload})
 */
public record Scope(
    String cluster,
    List<String> nodes,
    List<String> gpuUuids,
    List<String> workloads,
    List<String> modelVersions,
    boolean singleNode,
    boolean singleModel,
    boolean singleVersion) {

  public Scope {
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    gpuUuids = gpuUuids == null ? List.of() : List.copyOf(gpuUuids);
    workloads = workloads == null ? List.of() : List.copyOf(workloads);
    modelVersions = modelVersions == null ? List.of() : List.copyOf(modelVersions);
  }
}
