package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.TargetCheck;
import io.strata.remediator.kube.CustomKinds;
import io.strata.remediator.mechanisms.Kinds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * ROLLBACK_MODEL_VERSION of a Deployment through its ReplicaSet history (as kubectl rollout undo),
 * and of a KServe canary; LOWER_CONCURRENCY of a KServe predictor.
 */
class RollbackTest {

  private static final TargetRef DEPLOY = Kinds.DEPLOYMENT.ref("ml", "embedder");
  private static final TargetRef ISVC = Kinds.INFERENCE_SERVICE.ref("ml", "llama");

  private MechanismHarness h = new MechanismHarness();

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void aDeploymentGetsThePreviousRevisionsTemplateBackAndTheUndoRestoresItsOwn() throws Exception {
    h.create(
        "deployments",
        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"embedder\","
            + "\"namespace\":\"ml\",\"annotations\":{\"deployment.kubernetes.io/revision\":\"2\"}},"
            + "\"spec\":{\"replicas\":2,\"template\":"
            + template("e5-large-v2", ",\"debug\":\"on\"")
            + "}}");
    replicaSet("embedder-aaa", "1", "e5-large-v1");
    replicaSet("embedder-bbb", "2", "e5-large-v2");

    String id = h.run(ActionType.ROLLBACK_MODEL_VERSION, DEPLOY);

    assertThat(h.patchOf(id))
        .isEqualTo(
            "{\"spec\":{\"template\":{\"metadata\":{\"labels\":{\"debug\":null,"
                + "\"strata.io/model-version\":\"e5-large-v1\"}},\"spec\":{\"containers\":"
                + "[{\"name\":\"server\",\"image\":\"embed:e5-large-v1\"}]}}}}");
    assertThat(h.get(DEPLOY).at("/spec/template/metadata/labels/strata.io~1model-version").asText())
        .isEqualTo("e5-large-v1");
    assertThat(h.get(DEPLOY).at("/spec/template/metadata/labels").has("pod-template-hash"))
        .isFalse();

    String undo = h.undo(id);

    assertThat(h.patchOf(undo))
        .isEqualTo(
            "{\"spec\":{\"template\":{\"metadata\":{\"labels\":{\"debug\":\"on\","
                + "\"strata.io/model-version\":\"e5-large-v2\"}},\"spec\":{\"containers\":"
                + "[{\"name\":\"server\",\"image\":\"embed:e5-large-v2\"}]}}}}");
    assertThat(h.get(DEPLOY).at("/spec/template/metadata/labels/debug").asText()).isEqualTo("on");
  }

  @Test
  void aDeploymentWithoutAnOlderReplicaSetIsNotProposed() throws Exception {
    h.create(
        "deployments",
        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"embedder\","
            + "\"namespace\":\"ml\",\"annotations\":{\"deployment.kubernetes.io/revision\":\"1\"}},"
            + "\"spec\":{\"template\":"
            + template("e5-large-v1", "")
            + "}}");
    replicaSet("embedder-aaa", "1", "e5-large-v1");

    assertThat(
            new MechanismCheck(h.gateway, h.patches)
                .choose(ActionType.ROLLBACK_MODEL_VERSION, DEPLOY))
        .isEqualTo(TargetCheck.Choice.none("no ReplicaSet older than revision 1 to roll back to"));
  }

  @Test
  void aKServeCanaryGetsNoTrafficAndTheUndoRestoresItsPercent() throws Exception {
    isvc("\"canaryTrafficPercent\":10,\"containerConcurrency\":8");

    String id = h.run(ActionType.ROLLBACK_MODEL_VERSION, ISVC);

    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"predictor\":{\"canaryTrafficPercent\":0}}}");
    h.undo(id);
    assertThat(h.get(ISVC).at("/spec/predictor/canaryTrafficPercent").asInt()).isEqualTo(10);
  }

  @Test
  void aKServeServiceWithoutACanaryIsNotRolledBackButItsConcurrencyIsLowered() throws Exception {
    isvc("\"containerConcurrency\":8");

    assertThat(
            new MechanismCheck(h.gateway, h.patches)
                .choose(ActionType.ROLLBACK_MODEL_VERSION, ISVC))
        .isEqualTo(
            TargetCheck.Choice.none(
                "has no canary rollout in progress (spec.predictor.canaryTrafficPercent)"));
    String id = h.run(ActionType.LOWER_CONCURRENCY, ISVC);
    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"predictor\":{\"containerConcurrency\":4}}}");
    h.undo(id);
    assertThat(h.get(ISVC).at("/spec/predictor/containerConcurrency").asInt()).isEqualTo(8);
  }

  @Test
  void withoutKServeTheWorkloadNameResolvesPastItAndAnIsvcRefNamesTheApiNotServed()
      throws Exception {
    h.close();
    h = new MechanismHarness(CustomKinds.servedWithout("serving.kserve.io"));
    h.create(
        "deployments",
        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"llama\","
            + "\"namespace\":\"ml\"},\"spec\":{\"replicas\":2}}");

    assertThat(h.gateway.resolveWorkload("ml", "llama"))
        .contains(Kinds.DEPLOYMENT.ref("ml", "llama"));
    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.LOWER_CONCURRENCY, ISVC))
        .isEqualTo(
            TargetCheck.Choice.none(
                "NOT_SERVED: the API server serves no version of serving.kserve.io"
                    + " InferenceService (Strata addresses it at v1beta1)"));
  }

  @Test
  void anIsvcServedOnlyAtAVersionStrataHasNotCheckedIsNamedButNotPatched() throws Exception {
    h.close();
    h =
        new MechanismHarness(
            CustomKinds.servedWithout("serving.kserve.io")
                .serve("serving.kserve.io", "v1", "InferenceService", "inferenceservices", true));
    h.create(
        "inferenceservices",
        "{\"apiVersion\":\"serving.kserve.io/v1\",\"kind\":\"InferenceService\","
            + "\"metadata\":{\"name\":\"llama\",\"namespace\":\"ml\"},\"spec\":{}}");

    TargetRef atV1 = new TargetRef("serving.kserve.io/v1", "InferenceService", "ml", "llama");
    assertThat(h.gateway.resolveWorkload("ml", "llama")).contains(atV1);
    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.LOWER_CONCURRENCY, atV1))
        .isEqualTo(
            TargetCheck.Choice.none(
                "UNKNOWN_VERSIONS_ONLY: the API server serves serving.kserve.io InferenceService"
                    + " at v1 only (Strata addresses it at v1beta1)"));
  }

  @Test
  void anIsvcIsAddressedAtV1beta1() throws Exception {
    isvc("\"containerConcurrency\":8");

    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.LOWER_CONCURRENCY, ISVC))
        .isEqualTo(
            TargetCheck.Choice.of(
                new TargetRef("serving.kserve.io/v1beta1", "InferenceService", "ml", "llama")));
  }

  private void isvc(String predictor) {
    h.create(
        "inferenceservices",
        "{\"apiVersion\":\"serving.kserve.io/v1beta1\",\"kind\":\"InferenceService\","
            + "\"metadata\":{\"name\":\"llama\",\"namespace\":\"ml\"},\"spec\":{\"predictor\":{"
            + predictor
            + "}}}");
  }

  private void replicaSet(String name, String revision, String version) {
    h.create(
        "replicasets",
        "{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"metadata\":{\"name\":\""
            + name
            + "\",\"namespace\":\"ml\",\"annotations\":{\"deployment.kubernetes.io/revision\":\""
            + revision
            + "\"},\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
            + "\"name\":\"embedder\",\"controller\":true}]},\"spec\":{\"template\":"
            + template(version, ",\"pod-template-hash\":\"" + name + "\"")
            + "}}");
  }

  private static String template(String version, String moreLabels) {
    return "{\"metadata\":{\"labels\":{\"app\":\"embedder\",\"strata.io/model-version\":\""
        + version
        + "\""
        + moreLabels
        + "}},\"spec\":{\"containers\":[{\"name\":\"server\",\"image\":\"embed:"
        + version
        + "\"}]}}";
  }
}
