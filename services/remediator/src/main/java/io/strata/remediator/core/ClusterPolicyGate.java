package io.strata.remediator.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.runtime.CelEvaluationException;
import io.strata.events.incident.Incident;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.plan.PlannedAction;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.core.policy.AutoLimits;
import io.strata.remediator.core.policy.MatchFacts;
import io.strata.remediator.core.policy.PolicyEvaluator;
import io.strata.remediator.core.policy.PolicyRule;
import io.strata.remediator.core.policy.PolicyVerdict;
import io.strata.remediator.core.policy.RemediationPolicy;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The policy in force, with the facts the cluster holds: the labels of the node an action concerns
 * and each GPU node's pool. Without rules nothing is read: every step gets the default mode.
 */
public final class ClusterPolicyGate implements PolicyGate {

  private final ActivePolicy active;
  private final TargetGateway gateway;
  private final Clock clock;
  private final BiConsumer<PolicyRule, CelEvaluationException> onError;

  public ClusterPolicyGate(
      ActivePolicy active,
      TargetGateway gateway,
      Clock clock,
      BiConsumer<PolicyRule, CelEvaluationException> onError) {
    this.active = active;
    this.gateway = gateway;
    this.clock = clock;
    this.onError = onError;
  }

  @Override
  public PolicyVerdict decide(Incident incident, PlannedAction step, ActionStore store)
      throws TargetException {
    RemediationPolicy policy = active.policy();
    String node = AutoLimits.nodeOf(step.target(), incident.correlation());
    if (policy.rules().isEmpty()) {
      return PolicyEvaluator.decide(
          policy, Map.of(), node, Map.of(), store, clock.instant(), onError);
    }
    Map<String, String> pools = new HashMap<>(gateway.gpuNodes().pools());
    Map<String, Object> facts =
        MatchFacts.of(
            incident,
            step.type(),
            step.target(),
            node,
            labels(node),
            node == null ? "" : pools.getOrDefault(node, ""));
    return PolicyEvaluator.decide(policy, facts, node, pools, store, clock.instant(), onError);
  }

  private Map<String, String> labels(String node) throws TargetException {
    if (node == null) {
      return Map.of();
    }
    Optional<TargetObject> read = gateway.read(TargetGateway.node(node));
    Map<String, String> labels = new HashMap<>();
    if (read.isPresent()) {
      JsonNode found = read.get().body().path("metadata").path("labels");
      for (var label : found.properties()) {
        labels.put(label.getKey(), label.getValue().asText());
      }
    }
    return labels;
  }
}
