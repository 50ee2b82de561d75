package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.TargetCheck;
import io.strata.remediator.mechanisms.Kinds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** PAUSE_NEW_BATCHES on batch workloads: Job / JobSet suspend, Kueue LocalQueue Hold. */
class BatchPauseTest {

  private static final TargetRef JOB = Kinds.JOB.ref("training", "finetune");
  private static final TargetRef JOB_SET = Kinds.JOB_SET.ref("training", "pretrain");
  private static final TargetRef QUEUE = Kinds.LOCAL_QUEUE.ref("training", "team-a");

  private final MechanismHarness h = new MechanismHarness();

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void aJobIsSuspendedAndResumed() throws Exception {
    h.create("jobs", job("batch/v1", "Job", "finetune", "\"suspend\":false", ""));

    String id = h.run(ActionType.PAUSE_NEW_BATCHES, JOB);

    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"suspend\":true}}");
    assertThat(h.inverseOf(id)).isEqualTo("{\"spec\":{\"suspend\":false}}");
    assertThat(h.get(JOB).at("/spec/suspend").asBoolean()).isTrue();

    String undo = h.undo(id);

    assertThat(h.patchOf(undo)).isEqualTo("{\"spec\":{\"suspend\":false}}");
    assertThat(h.get(JOB).at("/spec/suspend").asBoolean()).isFalse();
    assertThat(h.latest(id).state()).isEqualTo(ActionState.REVERTED);
  }

  @Test
  void aJobSetWithoutSuspendIsSuspendedAndTheUndoRemovesTheField() throws Exception {
    h.create("jobsets", job("jobset.x-k8s.io/v1alpha2", "JobSet", "pretrain", "", ""));

    String id = h.run(ActionType.PAUSE_NEW_BATCHES, JOB_SET);

    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"suspend\":true}}");
    assertThat(h.inverseOf(id)).isEqualTo("{\"spec\":{\"suspend\":null}}");
    h.undo(id);
    assertThat(
            h.get(JOB_SET).at("/spec/suspend").isMissingNode()
                || h.get(JOB_SET).at("/spec/suspend").isNull())
        .isTrue();
  }

  @Test
  void aQueuedJobIsPausedByHoldingItsLocalQueue() throws Exception {
    h.create(
        "jobs",
        job(
            "batch/v1",
            "Job",
            "finetune",
            "",
            ",\"labels\":{\"kueue.x-k8s.io/queue-name\":\"team-a\"}"));
    h.create(
        "localqueues",
        "{\"apiVersion\":\"kueue.x-k8s.io/v1beta1\",\"kind\":\"LocalQueue\",\"metadata\":"
            + "{\"name\":\"team-a\",\"namespace\":\"training\"},\"spec\":{\"clusterQueue\":\"gpu\"}}");

    TargetCheck.Choice choice =
        new MechanismCheck(h.gateway, h.patches).choose(ActionType.PAUSE_NEW_BATCHES, JOB);
    assertThat(choice).isEqualTo(TargetCheck.Choice.of(QUEUE));

    String id = h.run(ActionType.PAUSE_NEW_BATCHES, QUEUE);

    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"stopPolicy\":\"Hold\"}}");
    assertThat(h.get(QUEUE).at("/spec/stopPolicy").asText()).isEqualTo("Hold");
    assertThat(h.get(JOB).at("/spec/suspend").isMissingNode()).isTrue();
    h.undo(id);
    assertThat(h.get(QUEUE).at("/spec/clusterQueue").asText()).isEqualTo("gpu");
    assertThat(
            h.get(QUEUE).at("/spec/stopPolicy").isMissingNode()
                || h.get(QUEUE).at("/spec/stopPolicy").isNull())
        .isTrue();
  }

  @Test
  void anAlreadySuspendedJobIsNotProposed() throws Exception {
    h.create("jobs", job("batch/v1", "Job", "finetune", "\"suspend\":true", ""));

    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.PAUSE_NEW_BATCHES, JOB))
        .isEqualTo(TargetCheck.Choice.none("is already suspended"));
  }

  private static String job(String apiVersion, String kind, String name, String spec, String meta) {
    return "{\"apiVersion\":\""
        + apiVersion
        + "\",\"kind\":\""
        + kind
        + "\",\"metadata\":{\"name\":\""
        + name
        + "\",\"namespace\":\"training\""
        + meta
        + "},\"spec\":{"
        + spec
        + "}}";
  }
}
