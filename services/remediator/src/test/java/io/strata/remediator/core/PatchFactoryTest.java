package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.patch.PatchRefusal;
import io.strata.remediator.mechanisms.RelatedObjects;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatchFactoryTest {

  private static final TargetRef KSVC =
      new TargetRef(TargetGateway.KNATIVE_API_VERSION, "Service", "ml", "llm");
  private static final TargetRef DEPLOY = new TargetRef("apps/v1", "Deployment", "ml", "llm");

  private final PatchFactory factory = new PatchFactory(Fixtures.patchSettings());

  @Test
  void knativeConcurrencyIsHalvedOrSetWhenUnlimited() throws Exception {
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
  void scaleOut() throws Exception {
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
  void knativeRollbackRoutesAllTrafficToThePreviousRevision() throws Exception {
    TargetObject svc = object(KSVC, "{\"status\":{\"latestReadyRevisionName\":\"llm-00003\"}}");
    List<ObjectNode> revisions =
        List.of(revision("llm-00001", 1), revision("llm-00003", 3), revision("llm-00002", 2));

    ObjectNode patch =
        factory.forward(ActionType.ROLLBACK_MODEL_VERSION, svc, revisions(revisions));

    assertThat(KubeJson.write(patch))
        .isEqualTo("{\"spec\":{\"traffic\":[{\"revisionName\":\"llm-00002\",\"percent\":100}]}}");
    assertThatThrownBy(
            () ->
                factory.forward(
                    ActionType.ROLLBACK_MODEL_VERSION,
                    svc,
                    revisions(List.of(revision("llm-00003", 3)))))
        .isInstanceOfSatisfying(
            PatchRefusal.class,
            e -> assertThat(e.reason()).isEqualTo(ActionOutcomeReason.TARGET_NOT_FOUND));
  }

  @Test
  void actionsOnTheWrongKindAreRefused() {
    assertThatThrownBy(() -> patch(ActionType.CORDON_NODE, DEPLOY, "{}"))
        .isInstanceOf(PatchRefusal.class)
        .hasMessageContaining("CORDON_NODE has no mechanism for a apps/v1 Deployment");
    assertThatThrownBy(() -> patch(ActionType.PAUSE_NEW_BATCHES, TargetGateway.node("n1"), "{}"))
        .isInstanceOf(PatchRefusal.class)
        .hasMessageContaining("PAUSE_NEW_BATCHES has no mechanism for a v1 Node");
    // No annotation only Strata knows: a Deployment and a Knative Service have no pause.
    assertThat(factory.mechanism(ActionType.PAUSE_NEW_BATCHES, DEPLOY)).isEmpty();
    assertThat(factory.mechanism(ActionType.PAUSE_NEW_BATCHES, KSVC)).isEmpty();
  }

  private String patch(ActionType type, TargetRef ref, String body) throws Exception {
    return KubeJson.write(factory.forward(type, object(ref, body), RelatedObjects.NONE));
  }

  private static RelatedObjects revisions(List<ObjectNode> revisions) {
    return new RelatedObjects() {
      @Override
      public List<ObjectNode> knativeRevisions(String namespace, String service) {
        return revisions;
      }

      @Override
      public List<ObjectNode> replicaSets(String namespace, String deployment) {
        return List.of();
      }
    };
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
