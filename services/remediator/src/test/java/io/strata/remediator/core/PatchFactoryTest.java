package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatchFactoryTest {

  private static final TargetRef KSVC =
      new TargetRef(TargetGateway.KNATIVE_API_VERSION, "Service", "ml", "llm");
  private static final TargetRef DEPLOY = new TargetRef("apps/v1", "Deployment", "ml", "llm");
  private static final TargetRef POD = TargetGateway.pod("ml", "llm-0");

  private final PatchFactory factory = new PatchFactory(Fixtures.patchSettings());

  @Test
  void knativeConcurrencyIsHalvedOrSetWhenUnlimited() throws PatchRefusal {
    assertThat(
            patch(
                ActionType.LOWER_CONCURRENCY,
                KSVC,
                "{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":9}}}}"))
        .isEqualTo("{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":4}}}}");
    assertThat(patch(ActionType.LOWER_CONCURRENCY, KSVC, "{\"spec\":{}}"))
        .isEqualTo("{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":4}}}}");
    assertThat(
            patch(
                ActionType.LOWER_CONCURRENCY,
                KSVC,
                "{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":1}}}}"))
        .isEqualTo("{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":1}}}}");
  }

  @Test
  void deploymentConcurrencyUsesTheAnnotationOrReplicas() throws PatchRefusal {
    assertThat(
            patch(
                ActionType.LOWER_CONCURRENCY,
                DEPLOY,
                "{\"metadata\":{\"annotations\":{\"strata.io/max-concurrency\":\"16\"}}}"))
        .isEqualTo("{\"metadata\":{\"annotations\":{\"strata.io/max-concurrency\":\"8\"}}}");
    PatchFactory replicas =
        new PatchFactory(
            new PatchSettings(0.5, 4, DeploymentConcurrencyMode.REPLICAS, "a", "b", 1, "c", "d"));
    assertThat(
            KubeJson.write(
                replicas.forward(
                    ActionType.LOWER_CONCURRENCY,
                    object(DEPLOY, "{\"spec\":{\"replicas\":5}}"),
                    List.of())))
        .isEqualTo("{\"spec\":{\"replicas\":2}}");
  }

  @Test
  void pauseAndScaleOut() throws PatchRefusal {
    assertThat(patch(ActionType.PAUSE_NEW_BATCHES, DEPLOY, "{}"))
        .isEqualTo("{\"metadata\":{\"annotations\":{\"strata.io/pause-batches\":\"true\"}}}");
    assertThat(patch(ActionType.SCALE_OUT, DEPLOY, "{\"spec\":{\"replicas\":3}}"))
        .isEqualTo("{\"spec\":{\"replicas\":4}}");
    assertThat(
            patch(
                ActionType.SCALE_OUT,
                KSVC,
                "{\"spec\":{\"template\":{\"metadata\":{\"annotations\":{\"autoscaling.knative.dev/min-scale\":\"2\"}}}}}"))
        .isEqualTo(
            "{\"spec\":{\"template\":{\"metadata\":{\"annotations\":{\"autoscaling.knative.dev/min-scale\":\"3\"}}}}}");
  }

  @Test
  void aPodIsPausedByTheAnnotationAndTheInverseRemovesOnlyThatAnnotation() throws PatchRefusal {
    TargetObject bare = object(POD, "{\"metadata\":{\"name\":\"llm-0\",\"namespace\":\"ml\"}}");
    ObjectNode pause = factory.forward(ActionType.PAUSE_NEW_BATCHES, bare, List.of());
    ObjectNode inverse = MergePatches.inverse(pause, bare.body());

    assertThat(KubeJson.write(pause))
        .isEqualTo("{\"metadata\":{\"annotations\":{\"strata.io/pause-batches\":\"true\"}}}");
    assertThat(KubeJson.write(inverse))
        .isEqualTo("{\"metadata\":{\"annotations\":{\"strata.io/pause-batches\":null}}}");
    // The executor's marker lands in the same annotations, and others may add keys before the
    // undo: the undo removes the pause and nothing else.
    JsonNode paused =
        MergePatches.apply(
            MergePatches.apply(bare.body(), Markers.withMarker(pause, bare, "act-1")),
            KubeJson.parseObject("{\"metadata\":{\"annotations\":{\"team\":\"ml\"}}}"));
    JsonNode resumed = MergePatches.apply(paused, inverse);
    assertThat(resumed.at("/metadata/annotations").has("strata.io/pause-batches")).isFalse();
    assertThat(resumed.at("/metadata/annotations/team").asText()).isEqualTo("ml");
    assertThat(resumed.at("/metadata/annotations/strata.io~1action-id").asText())
        .isEqualTo("act-1");

    TargetObject annotated =
        object(
            POD,
            "{\"metadata\":{\"annotations\":{\"strata.io/pause-batches\":\"false\",\"a\":\"b\"}}}");
    assertThat(
            KubeJson.write(
                MergePatches.inverse(
                    factory.forward(ActionType.PAUSE_NEW_BATCHES, annotated, List.of()),
                    annotated.body())))
        .isEqualTo("{\"metadata\":{\"annotations\":{\"strata.io/pause-batches\":\"false\"}}}");
  }

  @Test
  void aPodTakesNoOtherWorkloadAction() {
    for (ActionType type :
        List.of(
            ActionType.LOWER_CONCURRENCY,
            ActionType.SCALE_OUT,
            ActionType.ROLLBACK_MODEL_VERSION)) {
      assertThatThrownBy(() -> patch(type, POD, "{}"))
          .isInstanceOfSatisfying(
              PatchRefusal.class,
              e -> {
                assertThat(e.reason()).isEqualTo(ActionOutcomeReason.PERMANENT_API_ERROR);
                assertThat(e.getMessage()).contains("does not apply to a Pod");
              });
    }
  }

  @Test
  void knativeRollbackRoutesAllTrafficToThePreviousRevision() throws PatchRefusal {
    TargetObject svc = object(KSVC, "{\"status\":{\"latestReadyRevisionName\":\"llm-00003\"}}");
    List<ObjectNode> revisions =
        List.of(revision("llm-00001", 1), revision("llm-00003", 3), revision("llm-00002", 2));

    ObjectNode patch = factory.forward(ActionType.ROLLBACK_MODEL_VERSION, svc, revisions);

    assertThat(KubeJson.write(patch))
        .isEqualTo("{\"spec\":{\"traffic\":[{\"revisionName\":\"llm-00002\",\"percent\":100}]}}");
    assertThatThrownBy(
            () ->
                factory.forward(
                    ActionType.ROLLBACK_MODEL_VERSION, svc, List.of(revision("llm-00003", 3))))
        .isInstanceOfSatisfying(
            PatchRefusal.class,
            e -> assertThat(e.reason()).isEqualTo(ActionOutcomeReason.TARGET_NOT_FOUND));
  }

  @Test
  void deploymentRollbackNeedsThePreviousVersionAnnotation() throws PatchRefusal {
    assertThat(
            patch(
                ActionType.ROLLBACK_MODEL_VERSION,
                DEPLOY,
                "{\"metadata\":{\"annotations\":{\"strata.io/previous-model-version\":\"v6\"}}}"))
        .isEqualTo(
            "{\"spec\":{\"template\":{\"metadata\":{\"labels\":{\"strata.io/model-version\":\"v6\"}}}}}");
    assertThatThrownBy(() -> patch(ActionType.ROLLBACK_MODEL_VERSION, DEPLOY, "{}"))
        .isInstanceOf(PatchRefusal.class)
        .hasMessageContaining("strata.io/previous-model-version");
  }

  @Test
  void actionsOnTheWrongKindAreRefused() {
    assertThatThrownBy(() -> patch(ActionType.CORDON_NODE, DEPLOY, "{}"))
        .isInstanceOf(PatchRefusal.class)
        .hasMessageContaining("does not apply to a Deployment");
    assertThatThrownBy(() -> patch(ActionType.PAUSE_NEW_BATCHES, TargetGateway.node("n1"), "{}"))
        .isInstanceOf(PatchRefusal.class)
        .hasMessageContaining("needs a workload or a pod");
  }

  private String patch(ActionType type, TargetRef ref, String body) throws PatchRefusal {
    return KubeJson.write(factory.forward(type, object(ref, body), List.of()));
  }

  private static TargetObject object(TargetRef ref, String body) {
    return new TargetObject(ref, KubeJson.parseObject(body));
  }

  private static ObjectNode revision(String name, int generation) {
    return KubeJson.parseObject(
        "{\"metadata\":{\"name\":\""
            + name
            + "\",\"labels\":{\"serving.knative.dev/configurationGeneration\":\""
            + generation
            + "\"}}}");
  }
}
