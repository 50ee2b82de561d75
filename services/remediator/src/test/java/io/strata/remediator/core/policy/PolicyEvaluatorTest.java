package io.strata.remediator.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PolicyEvaluatorTest {

  static final Instant NOW = Instant.parse("2026-12-07T23:00:00Z");
  static final Map<String, String> POOLS =
      Map.of("a1", "a", "a2", "a", "a3", "a", "a4", "a", "b1", "b");

  private final ActionStore store = new ActionStore();
  private final List<String> errors = new ArrayList<>();

  private final RemediationPolicy policy =
      parse(
          """
          rules:
            - name: research-observe
              match: incident.namespace == "research"
              mode: OBSERVE
            - name: pool-a-auto
              match: incident.class == "DEVICE_FAULT" && node.pool == "a" && incident.xid == 79
              mode: AUTO
              limits: {maxPerHour: 2, wave: 0.5}
            - name: labelled
              match: node.labels["team"] == "infra"
              mode: AUTO
          """);

  @Test
  void theFirstMatchingRuleDecides() {
    assertThat(decide(fault("research", "a1", 79), "a1"))
        .isEqualTo(
            new PolicyVerdict(
                new PolicyRef("research-observe", PolicyMode.OBSERVE), java.util.Optional.empty()));
    assertThat(decide(fault("ml", "a1", 79), "a1").ref())
        .isEqualTo(new PolicyRef("pool-a-auto", PolicyMode.AUTO));
    assertThat(decide(fault("ml", "b1", 79), "b1").ref())
        .isEqualTo(new PolicyRef(null, PolicyMode.PROPOSE));
    assertThat(decide(fault("ml", "a1", 48), "a1").ref())
        .isEqualTo(new PolicyRef(null, PolicyMode.PROPOSE));
  }

  @Test
  void aRuleThatFailsOnTheseFactsDoesNotMatchAndIsReported() {
    // node.labels has no "team": CEL's no-such-key error; the next rule (the default) decides.
    assertThat(decide(fault("ml", "b1", 79), "b1").ref().rule()).isNull();

    assertThat(errors).containsExactly("labelled");
  }

  @Test
  void theWaveHoldsBackANodeBeyondItsShareOfThePool() {
    // Pool a has 4 nodes; a wave of 0.5 allows 2 under the rule's actions at once.
    executedByRule("inc-1", "a1");
    executedByRule("inc-2", "a2");

    PolicyVerdict third = decide(fault("ml", "a3", 79), "a3");

    assertThat(third.ref()).isEqualTo(new PolicyRef("pool-a-auto", PolicyMode.PROPOSE));
    assertThat(third.held().orElseThrow().limit()).isEqualTo(Held.Limit.WAVE);
    assertThat(third.held().get().message())
        .isEqualTo("2 of the 4 nodes of pool a are under this rule's actions; the wave allows 2");
    // A node already under the rule stays within the wave.
    assertThat(decide(fault("ml", "a1", 79), "a1").mode()).isEqualTo(PolicyMode.AUTO);
  }

  @Test
  void anUndoneActionLeavesTheWave() {
    String first = executedByRule("inc-1", "a1");
    executedByRule("inc-2", "a2");
    store.apply(
        action(
            ActionIds.undoOf(first),
            "inc-1",
            ActionType.UNCORDON_NODE,
            "a1",
            ActionState.EXECUTED,
            NOW),
        null);

    assertThat(decide(fault("ml", "a3", 79), "a3").mode()).isEqualTo(PolicyMode.AUTO);
  }

  @Test
  void atMostNPerHourThenProposed() {
    RemediationPolicy perHour =
        parse(
            """
            rules:
              - name: two-an-hour
                match: "true"
                mode: AUTO
                limits: {maxPerHour: 2}
            """);
    executedByRule("inc-1", "a1", "two-an-hour", NOW.minus(Duration.ofMinutes(61)));
    executedByRule("inc-2", "a2", "two-an-hour", NOW.minus(Duration.ofMinutes(30)));
    assertThat(decide(perHour, fault("ml", "a3", 79), "a3").mode()).isEqualTo(PolicyMode.AUTO);

    executedByRule("inc-3", "a3", "two-an-hour", NOW.minus(Duration.ofMinutes(1)));
    PolicyVerdict held = decide(perHour, fault("ml", "a4", 79), "a4");

    assertThat(held.mode()).isEqualTo(PolicyMode.PROPOSE);
    assertThat(held.held().orElseThrow().limit()).isEqualTo(Held.Limit.MAX_PER_HOUR);
    assertThat(held.held().get().message()).isEqualTo("2 approved in the last hour; at most 2");
  }

  @Test
  void outsideItsHoursAnAutoRuleProposes() {
    RemediationPolicy night =
        parse("rules: [{name: night, match: 'true', mode: AUTO, limits: {hours: '00:00-06:00'}}]");

    PolicyVerdict verdict = decide(night, fault("ml", "a1", 79), "a1");

    assertThat(verdict.ref()).isEqualTo(new PolicyRef("night", PolicyMode.PROPOSE));
    assertThat(verdict.held().orElseThrow().message()).isEqualTo("acts only 00:00-06:00 Z");
  }

  private PolicyVerdict decide(Incident incident, String node) {
    return decide(policy, incident, node);
  }

  private PolicyVerdict decide(RemediationPolicy p, Incident incident, String node) {
    Map<String, Object> facts =
        MatchFacts.of(
            incident,
            ActionType.CORDON_NODE,
            new TargetRef("v1", "Node", null, node),
            node,
            Map.of("nvidia.com/gpu.present", "true"),
            POOLS.getOrDefault(node, ""));
    return PolicyEvaluator.decide(
        p, facts, node, POOLS, store, NOW, (rule, e) -> errors.add(rule.name()));
  }

  private String executedByRule(String incident, String node) {
    return executedByRule(incident, node, "pool-a-auto", NOW.minusSeconds(7200));
  }

  private String executedByRule(String incident, String node, String rule, Instant approvedAt) {
    String id = "act-" + incident;
    RemediationAction executed =
        new RemediationAction(
            id,
            incident,
            1,
            ActionType.CORDON_NODE,
            ActionState.EXECUTED,
            new TargetRef("v1", "Node", null, node),
            "{}",
            "{}",
            null,
            null,
            "policy",
            ApprovalChannel.POLICY,
            approvedAt,
            1,
            3,
            false,
            Correlation.builder().node(node).build(),
            approvedAt,
            1,
            new PolicyRef(rule, PolicyMode.AUTO));
    store.apply(executed, null);
    return id;
  }

  private static RemediationAction action(
      String id, String incident, ActionType type, String node, ActionState state, Instant at) {
    return new RemediationAction(
        id,
        incident,
        1,
        type,
        state,
        new TargetRef("v1", "Node", null, node),
        "{}",
        null,
        null,
        null,
        "policy",
        ApprovalChannel.POLICY,
        at,
        1,
        3,
        false,
        Correlation.builder().node(node).build(),
        at,
        1,
        null);
  }

  static Incident fault(String namespace, String node, int xid) {
    return new Incident(
        "inc",
        1,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        IncidentState.OPEN,
        "XID",
        Correlation.builder().cluster("c1").node(node).namespace(namespace).workload("llm").build(),
        null,
        new io.strata.events.incident.Trigger(
            io.strata.events.incident.Signal.XID, xid, null, "xid", NOW, NOW),
        null,
        null,
        List.of(),
        NOW,
        NOW,
        null,
        null,
        1,
        null);
  }

  private static RemediationPolicy parse(String text) {
    try {
      return PolicyParser.parse(text);
    } catch (PolicyException e) {
      throw new AssertionError(e);
    }
  }
}
