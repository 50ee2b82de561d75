package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.execute.Markers;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.TargetCheck;
import io.strata.remediator.kube.CustomKinds;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.remediator.mechanisms.Kinds;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Knative Services as generic resources, through the real gateway and the CRUD mock server. */
class KnativeActionsTest {

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private MockCluster cluster;
  private FabricTargetGateway gateway;
  private ActionExecutor executor;
  private ApprovalService approvals;

  @BeforeEach
  void start() {
    cluster = new MockCluster();
    gateway = new FabricTargetGateway(cluster.client, "nvidia.com/gpu.present=true");
    executor =
        new ActionExecutor(
            journal,
            gateway,
            new PatchFactory(Fixtures.patchSettings()),
            new ExecutionGuards(
                new GuardSettings(2, 10, Duration.ofHours(1), 5, Duration.ofHours(1)),
                new PauseSwitch(false)),
            clock);
    approvals = new ApprovalService(journal, clock);
    create(
        MockCluster.KNATIVE_SERVICES.getPlural(),
        """
        {"apiVersion":"serving.knative.dev/v1","kind":"Service",
         "metadata":{"name":"llm","namespace":"ml"},
         "spec":{"template":{"spec":{"containerConcurrency":8}}},
         "status":{"latestReadyRevisionName":"llm-00002"}}
        """);
    for (int generation = 1; generation <= 2; generation++) {
      create(
          MockCluster.KNATIVE_REVISIONS.getPlural(),
          """
          {"apiVersion":"serving.knative.dev/v1","kind":"Revision",
           "metadata":{"name":"llm-0000%d","namespace":"ml","labels":{
             "serving.knative.dev/service":"llm",
             "serving.knative.dev/configurationGeneration":"%d"}}}
          """
              .formatted(generation, generation));
    }
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void aWorkloadResolvesToItsKnativeService() throws TargetException {
    assertThat(gateway.resolveWorkload("ml", "llm"))
        .contains(new TargetRef(TargetGateway.KNATIVE_API_VERSION, "Service", "ml", "llm"));
    assertThat(gateway.resolveWorkload("ml", "absent")).isEmpty();
  }

  @Test
  void concurrencyIsLoweredAndRestoredExactly() {
    String lowered = approved(ActionType.LOWER_CONCURRENCY);

    executor.execute(lowered);

    assertThat(
            service()
                .path("spec")
                .path("template")
                .path("spec")
                .path("containerConcurrency")
                .asInt())
        .isEqualTo(4);
    assertThat(journal.store().latest(lowered).orElseThrow().inversePatch())
        .isEqualTo("{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":8}}}}");
    assertThat(service().path("metadata").path("annotations").path(Markers.ACTION_ID).asText())
        .isEqualTo(lowered);

    Decision undo = approvals.undo(lowered, "U1", ApprovalChannel.SLACK);
    assertThat(undo.action().orElseThrow().type()).isEqualTo(ActionType.RESTORE_CONCURRENCY);
    executor.execute(undo.action().orElseThrow().actionId());

    assertThat(
            service()
                .path("spec")
                .path("template")
                .path("spec")
                .path("containerConcurrency")
                .asInt())
        .isEqualTo(8);
    assertThat(journal.store().latest(lowered).orElseThrow().state())
        .isEqualTo(ActionState.REVERTED);
  }

  @Test
  void rollbackSendsAllTrafficToThePreviousRevisionAndItsUndoRemovesTheRoute() {
    String rollback = approved(ActionType.ROLLBACK_MODEL_VERSION);

    executor.execute(rollback);

    RemediationAction done = journal.store().latest(rollback).orElseThrow();
    assertThat(done.state()).isEqualTo(ActionState.EXECUTED);
    assertThat(service().path("spec").path("traffic").toString())
        .isEqualTo("[{\"revisionName\":\"llm-00001\",\"percent\":100}]");
    assertThat(done.inversePatch()).isEqualTo("{\"spec\":{\"traffic\":null}}");

    String undo =
        approvals.undo(rollback, "U1", ApprovalChannel.REST).action().orElseThrow().actionId();
    executor.execute(undo);
    assertThat(journal.store().latest(undo).orElseThrow().state()).isEqualTo(ActionState.EXECUTED);
    // The mock server keeps a merge-patch null as a null value; the API server deletes the field.
    assertThat(service().path("spec").path("traffic").isArray()).isFalse();
  }

  @Test
  void withoutKnativeServingNoServiceResolvesAndTheApiNotServedIsTheReason() throws Exception {
    try (MockCluster bare = new MockCluster(CustomKinds.servedWithout("serving.knative.dev"))) {
      FabricTargetGateway without =
          new FabricTargetGateway(bare.client, "nvidia.com/gpu.present=true");
      TargetRef service = Kinds.KNATIVE_SERVICE.ref("ml", "llm");

      assertThat(without.resolveWorkload("ml", "llm")).isEmpty();
      assertThat(
              new MechanismCheck(without, new PatchFactory(Fixtures.patchSettings()))
                  .choose(ActionType.LOWER_CONCURRENCY, service))
          .isEqualTo(
              TargetCheck.Choice.none(
                  "NOT_SERVED: the API server serves no version of serving.knative.dev Service"
                      + " (Strata addresses it at v1)"));
    }
  }

  @Test
  void aServiceIsAddressedAtServingV1() throws Exception {
    assertThat(
            new MechanismCheck(gateway, new PatchFactory(Fixtures.patchSettings()))
                .choose(ActionType.LOWER_CONCURRENCY, Kinds.KNATIVE_SERVICE.ref("ml", "llm")))
        .isEqualTo(
            TargetCheck.Choice.of(new TargetRef("serving.knative.dev/v1", "Service", "ml", "llm")));
  }

  private String approved(ActionType type) {
    TargetRef ref = new TargetRef(TargetGateway.KNATIVE_API_VERSION, "Service", "ml", "llm");
    String id = ActionIds.of("inc-k", 1, type, ref);
    journal.record(
        Actions.proposed(
            id, "inc-k", 1, type, ref, null, null, "k", 3, false, null, clock.instant()));
    approvals.approve(id, "U1", ApprovalChannel.SLACK);
    return id;
  }

  private com.fasterxml.jackson.databind.JsonNode service() {
    return KubeJson.mapper()
        .valueToTree(
            cluster
                .client
                .genericKubernetesResources(context("services", "Service"))
                .inNamespace("ml")
                .withName("llm")
                .get());
  }

  private void create(String plural, String json) {
    GenericKubernetesResource resource =
        cluster
            .client
            .getKubernetesSerialization()
            .unmarshal(json, GenericKubernetesResource.class);
    cluster
        .client
        .genericKubernetesResources(context(plural, resource.getKind()))
        .inNamespace("ml")
        .resource(resource)
        .create();
  }

  private static ResourceDefinitionContext context(String plural, String kind) {
    return new ResourceDefinitionContext.Builder()
        .withGroup("serving.knative.dev")
        .withVersion("v1")
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(true)
        .build();
  }
}
