package io.strata.simulator.model;

import java.util.List;

/**
 * What changed among the pods since the Kubernetes API was last told, in order: pods to delete,
 * pods to create (Pending ones have no node) and Pending pods the scheduler has since bound to a
 * node.
 */
public record PodChanges(List<Pod> deleted, List<Pod> created, List<Pod> bound) {

  public PodChanges {
    deleted = List.copyOf(deleted);
    created = List.copyOf(created);
    bound = List.copyOf(bound);
  }

  public boolean isEmpty() {
    return deleted.isEmpty() && created.isEmpty() && bound.isEmpty();
  }
}
