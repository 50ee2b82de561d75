package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.strata.events.k8s.Condition;
import java.util.List;

/** Pod and node conditions as Strata conditions, in the API's order. */
public final class Conditions {

  private Conditions() {}

  public static List<Condition> ofPod(List<PodCondition> conditions) {
    return conditions == null
        ? List.of()
        : conditions.stream()
            .map(
                c ->
                    new Condition(
                        c.getType(),
                        c.getStatus(),
                        c.getReason(),
                        c.getMessage(),
                        Timestamps.parse(c.getLastTransitionTime())))
            .toList();
  }

  public static List<Condition> ofNode(List<NodeCondition> conditions) {
    return conditions == null
        ? List.of()
        : conditions.stream()
            .map(
                c ->
                    new Condition(
                        c.getType(),
                        c.getStatus(),
                        c.getReason(),
                        c.getMessage(),
                        Timestamps.parse(c.getLastTransitionTime())))
            .toList();
  }
}
