package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.events.trace.Stage;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.ClassPlans;
import io.strata.remediator.core.plan.Plan;
import io.strata.remediator.core.plan.PlannedAction;
import io.strata.remediator.core.plan.PodLocator;
import io.strata.remediator.core.plan.WorkloadResolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class ActionPlannerTest {

  private static final TargetRef LLM = new TargetRef("apps/v1", "Deployment", "ml", "llm");
  private static final TargetRef LLM_0 = TargetGateway.pod("ml", "llm-0");
  private static final PodLocator NO_PODS = (ns, pod) -> Optional.empty();
  private static final WorkloadResolver DEPLOYMENTS =
      (ns, name) -> Optional.of(new TargetRef("apps/v1", "Deployment", ns, name));

  private final ActionPlanner planner = new ActionPlanner(new ClassPlans(Map.of()));

  @Test
  void deviceFaultCordonsEveryNodeThenPausesOnlyThePodOnTheFaultyGpu() throws TargetException {
    Incident incident =
        Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a", "gpu-b"));
    List<String> lookups = new ArrayList<>();

    Plan plan =
        planner.plan(
            incident,
            DEPLOYMENTS,
            (ns, pod) -> {
              lookups.add(ns + "/" + pod);
              return Optional.of("gpu-a");
            });

    assertThat(plan.actions())
        .extracting(PlannedAction::step, PlannedAction::type, PlannedAction::target)
        .containsExactly(
            Assertions.tuple(1, ActionType.CORDON_NODE, TargetGateway.node("gpu-a")),
            Assertions.tuple(1, ActionType.CORDON_NODE, TargetGateway.node("gpu-b")),
            Assertions.tuple(2, ActionType.PAUSE_NEW_BATCHES, LLM_0));
    assertThat(LLM_0).isEqualTo(new TargetRef("v1", "Pod", "ml", "llm-0"));
    assertThat(plan.actions().get(2).actionId())
        .isEqualTo(ActionIds.of("inc-1", 2, ActionType.PAUSE_NEW_BATCHES, LLM_0));
    assertThat(plan.notes()).isEmpty();
    // The exemplar names the correlation's own pod: nothing to confirm.
    assertThat(lookups).isEmpty();
  }

  @Test
  void exemplarPodsArePausedOnlyWhenTheyRanOnAFaultyGpuAndTheApiServerPlacesThemThere()
      throws TargetException {
    Incident incident =
        with(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")).correlation(),
            List.of(
                exemplar("llm-0", "gpu-a", "GPU-1"),
                exemplar("llm-1", "gpu-a", "GPU-1"),
                exemplar("llm-2", "gpu-a", "GPU-2"),
                exemplar("llm-3", "gpu-a", "GPU-1"),
                exemplar("llm-4", "gpu-a", "GPU-1"),
                exemplar("llm-5", "gpu-z", "GPU-1"),
                exemplar("llm-6", "gpu-a", null),
                exemplar(null, "gpu-a", "GPU-1")));
    Map<String, String> boundTo = Map.of("ml/llm-1", "gpu-a", "ml/llm-3", "gpu-z");
    List<String> lookups = new ArrayList<>();

    Plan plan =
        planner.plan(
            incident,
            DEPLOYMENTS,
            (ns, pod) -> {
              lookups.add(ns + "/" + pod);
              return Optional.ofNullable(boundTo.get(ns + "/" + pod));
            });

    assertThat(plan.actions())
        .filteredOn(a -> a.type() == ActionType.PAUSE_NEW_BATCHES)
        .extracting(PlannedAction::target)
        .containsExactly(LLM_0, TargetGateway.pod("ml", "llm-1"));
    // Only traces on the faulty GPU of an incident node are looked up; llm-3 runs elsewhere now
    // and llm-4 no longer exists.
    assertThat(lookups).containsExactly("ml/llm-1", "ml/llm-3", "ml/llm-4");
    assertThat(plan.notes()).isEmpty();
  }

  @Test
  void anExemplarPodThatCannotBeLookedUpIsLeftOutWithANoteAndTheRestIsPlanned()
      throws TargetException {
    Incident base = Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a"));
    Incident incident =
        with(base, base.correlation(), List.of(exemplar("llm-1", "gpu-a", "GPU-1")));

    Plan plan =
        planner.plan(
            incident,
            DEPLOYMENTS,
            (ns, pod) -> {
              throw new TargetException(ActionOutcomeReason.FORBIDDEN, "pods is forbidden", null);
            });

    assertThat(plan.actions())
        .extracting(PlannedAction::type, PlannedAction::target)
        .containsExactly(
            Assertions.tuple(ActionType.CORDON_NODE, TargetGateway.node("gpu-a")),
            Assertions.tuple(ActionType.PAUSE_NEW_BATCHES, LLM_0));
    assertThat(plan.notes())
        .containsExactly("exemplar pod ml/llm-1 not confirmed (FORBIDDEN), not paused");
  }

  @Test
  void withoutAKnownPodTheDeviceFaultPausesTheWorkloadAndSaysWhy() throws TargetException {
    Incident base = Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a"));
    Incident incident =
        with(
            base,
            Correlation.builder()
                .cluster("c1")
                .node("gpu-a")
                .namespace("ml")
                .workload("llm")
                .build(),
            List.of(exemplar("llm-7", "gpu-a", "GPU-1")));

    Plan plan = planner.plan(incident, DEPLOYMENTS, (ns, pod) -> Optional.empty());

    assertThat(plan.actions())
        .extracting(PlannedAction::type, PlannedAction::target)
        .containsExactly(
            Assertions.tuple(ActionType.CORDON_NODE, TargetGateway.node("gpu-a")),
            Assertions.tuple(ActionType.PAUSE_NEW_BATCHES, LLM));
    assertThat(plan.notes())
        .containsExactly(
            "step 2 PAUSE_NEW_BATCHES: no pod known on the faulty GPU(s); pausing the whole"
                + " workload instead");
  }

  @Test
  void aQueueBacklogPausesTheWholeWorkloadEvenWhenAPodIsKnown() throws TargetException {
    Incident incident =
        withClass(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            IncidentClass.QUEUE_BACKLOG);

    Plan plan = planner.plan(incident, DEPLOYMENTS, NO_PODS);

    assertThat(incident.correlation().pod()).isEqualTo("llm-0");
    assertThat(plan.actions())
        .extracting(PlannedAction::step, PlannedAction::type, PlannedAction::target)
        .containsExactly(
            Assertions.tuple(1, ActionType.LOWER_CONCURRENCY, LLM),
            Assertions.tuple(2, ActionType.PAUSE_NEW_BATCHES, LLM),
            Assertions.tuple(3, ActionType.SCALE_OUT, LLM));
    assertThat(ActionPlanner.POD_SCOPED_PAUSE).containsExactly(IncidentClass.DEVICE_FAULT);
  }

  @Test
  void idsAreStableAcrossReplaysAndScopeGrowth() throws TargetException {
    Plan first =
        planner.plan(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            DEPLOYMENTS,
            NO_PODS);
    Plan replay =
        planner.plan(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            DEPLOYMENTS,
            NO_PODS);
    Plan grown =
        planner.plan(
            Fixtures.deviceFault("inc-1", 2, IncidentState.OPEN, List.of("gpu-a", "gpu-b")),
            DEPLOYMENTS,
            NO_PODS);
    Plan other =
        planner.plan(
            Fixtures.deviceFault("inc-2", 1, IncidentState.OPEN, List.of("gpu-a")),
            DEPLOYMENTS,
            NO_PODS);

    assertThat(replay.actions()).isEqualTo(first.actions());
    assertThat(first.actions()).extracting(PlannedAction::target).contains(LLM_0);
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
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            DEPLOYMENTS,
            NO_PODS);

    assertThat(plan.actions())
        .extracting(PlannedAction::type, PlannedAction::target)
        .containsExactly(Assertions.tuple(ActionType.LOWER_CONCURRENCY, LLM));
  }

  @Test
  void aNodeActionTheIncidentDoesNotSuggestIsNeverProposedWhateverTheClassPlan()
      throws TargetException {
    Incident degraded =
        withClass(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            IncidentClass.DEVICE_DEGRADED);
    Incident noDeviceEvidence =
        new Incident(
            degraded.incidentId(),
            degraded.revision(),
            degraded.incidentClass(),
            degraded.severity(),
            degraded.state(),
            degraded.summary(),
            degraded.correlation(),
            degraded.scope(),
            degraded.trigger(),
            degraded.longestStage(),
            degraded.evidence(),
            List.of(ActionType.LOWER_CONCURRENCY),
            degraded.openedAt(),
            degraded.updatedAt(),
            degraded.resolvedAt(),
            degraded.timeToRecoverMillis(),
            Incident.FIRST_EPISODE,
            null);

    Plan plan = planner.plan(noDeviceEvidence, DEPLOYMENTS, NO_PODS);

    assertThat(plan.actions())
        .extracting(PlannedAction::type)
        .doesNotContain(ActionType.CORDON_NODE);
    assertThat(plan.notes())
        .contains(
            "step 2 CORDON_NODE not proposed: the incident suggests no node action ([LOWER_CONCURRENCY])");
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

    Plan plan = planner.plan(incident, (ns, name) -> Optional.empty(), NO_PODS);

    assertThat(plan.actions()).isEmpty();
    assertThat(plan.notes())
        .containsExactly(
            "step 1 PAUSE_NEW_BATCHES: no workload object found for ml/llm",
            "step 2 capacity report: no scheduling events in evidence");
  }

  @Test
  void dataQualityClassesPlanNothing() throws TargetException {
    Incident incident =
        withClass(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            IncidentClass.FIELD_MISSING);

    Plan plan = planner.plan(incident, DEPLOYMENTS, NO_PODS);

    assertThat(plan.actions()).isEmpty();
    assertThat(plan.notes()).isEmpty();
  }

  private static ExemplarTrace exemplar(String pod, String node, String gpu) {
    return new ExemplarTrace(
        "trace-" + pod + "-" + gpu,
        1200,
        Stage.GPU_EXECUTE,
        Map.of(Stage.GPU_EXECUTE, 1000.0),
        pod,
        node,
        gpu);
  }

  private static Incident with(Incident i, Correlation correlation, List<ExemplarTrace> exemplars) {
    Evidence e = i.evidence();
    return new Incident(
        i.incidentId(),
        i.revision(),
        i.incidentClass(),
        i.severity(),
        i.state(),
        i.summary(),
        correlation,
        i.scope(),
        i.trigger(),
        i.longestStage(),
        new Evidence(exemplars, e.devices(), e.k8sEvents(), e.findings(), e.notes()),
        i.suggestedActions(),
        i.openedAt(),
        i.updatedAt(),
        i.resolvedAt(),
        i.timeToRecoverMillis(),
        Incident.FIRST_EPISODE,
        null);
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
        i.timeToRecoverMillis(),
        Incident.FIRST_EPISODE,
        null);
  }
}
