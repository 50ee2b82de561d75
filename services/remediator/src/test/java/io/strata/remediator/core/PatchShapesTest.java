package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.mechanisms.Kinds;
import io.strata.remediator.mechanisms.PatchShapes;
import org.junit.jupiter.api.Test;

/** Each patch is checked against the fields of the version its target was read at. */
class PatchShapesTest {

  @Test
  void aHoldFitsLocalQueueV1beta2AndV1beta1() {
    for (String version : new String[] {"v1beta2", "v1beta1"}) {
      assertThat(
              PatchShapes.misfit(
                  Kinds.LOCAL_QUEUE.at(version, "ml", "team-a"),
                  KubeJson.parseObject("{\"spec\":{\"stopPolicy\":\"Hold\"}}")))
          .isEmpty();
    }
    assertThat(
            PatchShapes.misfit(
                Kinds.LOCAL_QUEUE.ref("ml", "team-a"),
                KubeJson.parseObject("{\"spec\":{\"stopPolicy\":null}}")))
        .isEmpty();
  }

  @Test
  void aValueOutsideStopPolicyIsRefused() {
    assertThat(
            PatchShapes.misfit(
                Kinds.LOCAL_QUEUE.ref("ml", "team-a"),
                KubeJson.parseObject("{\"spec\":{\"stopPolicy\":\"Paused\"}}")))
        .contains(
            "the patch sets spec.stopPolicy=Paused, which kueue.x-k8s.io LocalQueue v1beta2 does"
                + " not take from Strata");
  }

  @Test
  void aVersionStrataHasNotCheckedIsRefused() {
    assertThat(
            PatchShapes.misfit(
                Kinds.LOCAL_QUEUE.at("v1", "ml", "team-a"),
                KubeJson.parseObject("{\"spec\":{\"stopPolicy\":\"Hold\"}}")))
        .contains("Strata has not checked the fields of kueue.x-k8s.io LocalQueue v1");
  }

  @Test
  void aFieldNoMechanismSetsOnThatKindIsRefused() {
    assertThat(
            PatchShapes.misfit(
                Kinds.JOB.ref("ml", "train"),
                KubeJson.parseObject("{\"spec\":{\"suspend\":true,\"parallelism\":0}}")))
        .contains("the patch sets spec.parallelism, which batch Job v1 does not take from Strata");
    assertThat(
            PatchShapes.misfit(
                Kinds.JOB_SET.at("v1alpha2", "ml", "train"),
                KubeJson.parseObject("{\"spec\":{\"suspend\":true}}")))
        .isEmpty();
    assertThat(
            PatchShapes.misfit(
                new TargetRef("v1", "ConfigMap", "ml", "x"), KubeJson.parseObject("{\"data\":{}}")))
        .contains("Strata patches no v1 ConfigMap");
  }
}
