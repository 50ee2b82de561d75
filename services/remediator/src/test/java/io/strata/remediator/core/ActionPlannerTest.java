package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class ActionPlannerTest {

  private static final TargetRef LLM = new TargetRef("apps/v1", "Deployment", "ml", "llm");
  private static final WorkloadResolver DEPLOYMENTS =
      (ns, name) -> Optional.of(new TargetRef("apps/v1", "Deployment", ns, name));

  private final ActionPlanner planner = new ActionPlanner(new ClassPlans(Map.of()));

  @Test
  void deviceFaultCordonsEveryNodeThenPausesTheWorkload() throws TargetException {
    Incident incident =
        Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a", "gpu-b"));

    Plan plan = planner.plan(incident, DEPLOYMENTS);

    assertThat(plan.actions())
        .extracting(PlannedAction::step, PlannedAction::type, PlannedAction::target)
        .containsExactly(
            Assertions.tuple(1, ActionType.CORDON_NODE, TargetGateway.node("gpu-a")),
            Assertions.tuple(1, ActionType.CORDON_NODE, TargetGateway.node("gpu-b")),
            Assertions.tuple(2, ActionType.PAUSE_NEW_BATCHES, LLM));
    assertThat(plan.notes()).isEmpty();
  }

  @Test
  void idsAreStableAcrossReplaysAndScopeGrowth() throws TargetException {
    Plan first =
        planner.plan(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")), DEPLOYMENTS);
    Plan replay =
        planner.plan(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")), DEPLOYMENTS);
    Plan grown =
        planner.plan(
            Fixtures.deviceFault("inc-1", 2, IncidentState.OPEN, List.of("gpu-a", "gpu-b")),
            DEPLOYMENTS);
    Plan other =
        planner.plan(
            Fixtures.deviceFault("inc-2", 1, IncidentState.OPEN, List.of("gpu-a")), DEPLOYMENTS);

    assertThat(replay.actions()).isEqualTo(first.actions());
    assertThat(grown.actions()).containsAll(first.actions()).hasSize(3);
    assertThat(other.actions())
        .extracting(PlannedAction::actionId)
        .doesNotContainAnyElementsOf(
            first.actions().stream().map(PlannedAction::actionId).toList());
    assertThat(first.actions().get(0).actionId()).matches("act-[0-9a-f]{20}");
  }

  @Test
  void aConfiguredPlanReplacesTheBuiltInOne() throws TargetException {
    ActionPlanner configured =
        new ActionPlanner(
            new ClassPlans(Map.of("DEVICE_FAULT", List.of(ActionType.LOWER_CONCURRENCY))));

    Plan plan =
        configured.plan(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")), DEPLOYMENTS);

    assertThat(plan.actions())
        .extracting(PlannedAction::type, PlannedAction::target)
        .containsExactly(Assertions.tuple(ActionType.LOWER_CONCURRENCY, LLM));
  }

  @Test
  void anUnknownClassInConfigurationIsRejectedByName() {
    Assertions.assertThatThrownBy(
            () -> new ClassPlans(Map.of("DEVICE_FAULTY", List.of(ActionType.CORDON_NODE))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("strata.remediator.plans.DEVICE_FAULTY");
  }

  @Test
  void unresolvedWorkloadsAndNonPatchingStepsBecomeNotes() throws TargetException {
    Incident incident =
        withClass(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            IncidentClass.ALLOCATION_FAILURE);

    Plan plan = planner.plan(incident, (ns, name) -> Optional.empty());

    assertThat(plan.actions()).isEmpty();
    assertThat(plan.notes())
        .containsExactly(
            "step 1 PAUSE_NEW_BATCHES: no Knative Service or Deployment ml/llm",
            "step 2 capacity report: no scheduling events in evidence");
  }

  @Test
  void dataQualityClassesPlanNothing() throws TargetException {
    Incident incident =
        withClass(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            IncidentClass.FIELD_MISSING);

    Plan plan = planner.plan(incident, DEPLOYMENTS);

    assertThat(plan.actions()).isEmpty();
    assertThat(plan.notes()).isEmpty();
  }

  static Incident withClass(Incident i, IncidentClass incidentClass) {
    return new Incident(
        i.incidentId(),
        i.revision(),
        incidentClass,
        i.severity(),
        i.state(),
        i.summary(),
        i.correlation(),
        i.scope(),
        i.trigger(),
        i.longestStage(),
        i.evidence(),
        i.suggestedActions(),
        i.openedAt(),
        i.updatedAt(),
        i.resolvedAt(),
        i.timeToRecoverMillis());
  }
}
