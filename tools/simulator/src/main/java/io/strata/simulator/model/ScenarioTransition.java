package io.strata.simulator.model;

import java.util.List;
import java.util.Map;

/**
 * What switching scenarios changed that the Kubernetes API must show too.
 *
 * @param podsAdded pods the autoscaler created (Pending ones have no node)
 * @param podsRemoved pods deleted when a scenario ends
 * @param knativeTraffic the Knative Service traffic split the deployer sets, or null if unchanged
 */
public record ScenarioTransition(
    Scenario from,
    Scenario to,
    List<Pod> podsAdded,
    List<Pod> podsRemoved,
    Map<String, Integer> knativeTraffic) {

  public ScenarioTransition {
    podsAdded = List.copyOf(podsAdded);
    podsRemoved = List.copyOf(podsRemoved);
    knativeTraffic = knativeTraffic == null ? null : Map.copyOf(knativeTraffic);
  }
}
