package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.kubetest.ServedApis;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.ClassPlans;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.Plan;
import io.strata.remediator.core.plan.TargetCheck;
import io.strata.remediator.kube.CustomKinds;
import io.strata.remediator.mechanisms.Kinds;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * PAUSE_NEW_BATCHES on batch workloads: Job / JobSet suspend, Kueue LocalQueue Hold; each at the
 * version the cluster's API discovery serves (ADR 048).
 */
class BatchPauseTest {

  private static final String KUEUE = "kueue.x-k8s.io";
  private static final TargetRef JOB = Kinds.JOB.ref("training", "finetune");
  private static final TargetRef JOB_SET = Kinds.JOB_SET.at("v1alpha2", "training", "pretrain");
  private static final TargetRef QUEUE = Kinds.LOCAL_QUEUE.ref("training", "team-a");
  private static final String QUEUE_V1BETA2 =
      "/apis/kueue.x-k8s.io/v1beta2/namespaces/training/localqueues/team-a";
  private static final String NO_KUEUE =
      "NOT_SERVED: the API server serves no version of kueue.x-k8s.io LocalQueue (Strata"
          + " addresses it at v1beta2, v1beta1)";

  private MechanismHarness h = new MechanismHarness();

  @AfterEach
  void stop() {
    h.close();
  }

  /** The harness on a cluster serving what {@code served} lists instead. */
  private void on(ServedApis served) {
    h.close();
    h = new MechanismHarness(served);
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
  void aQueuedJobIsPausedByHoldingItsLocalQueueThroughV1beta2() throws Exception {
    queuedJob();
    localQueue("v1beta2");

    TargetCheck.Choice choice =
        new MechanismCheck(h.gateway, h.patches).choose(ActionType.PAUSE_NEW_BATCHES, JOB);
    assertThat(choice).isEqualTo(TargetCheck.Choice.of(QUEUE));

    h.cluster.drainRequests();
    String id = h.run(ActionType.PAUSE_NEW_BATCHES, QUEUE);

    assertThat(h.cluster.patchesTo(QUEUE_V1BETA2)).isEqualTo(1);
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

  @Test
  void onAClusterServingKueueOnlyAtV1beta1TheQueueIsHeldThroughV1beta1() throws Exception {
    on(CustomKinds.servedWithout(KUEUE).serve(KUEUE, "v1beta1", "LocalQueue", "localqueues", true));
    queuedJob();
    localQueue("v1beta1");
    TargetRef v1beta1 = Kinds.LOCAL_QUEUE.at("v1beta1", "training", "team-a");

    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.PAUSE_NEW_BATCHES, JOB))
        .isEqualTo(TargetCheck.Choice.of(v1beta1));
    h.cluster.drainRequests();
    String id = h.run(ActionType.PAUSE_NEW_BATCHES, v1beta1);

    assertThat(h.cluster.patchesTo("/apis/kueue.x-k8s.io/v1beta1/namespaces/training/localqueues"))
        .isEqualTo(1);
    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"stopPolicy\":\"Hold\"}}");
    assertThat(h.get(v1beta1).at("/spec/stopPolicy").asText()).isEqualTo("Hold");
    assertThat(h.get(JOB).at("/spec/suspend").isMissingNode()).isTrue();
  }

  @Test
  void withoutKueueAQueuedJobIsNotSuspendedAndThePlanSaysWhy() throws Exception {
    on(CustomKinds.servedWithout(KUEUE));
    h.create(
        "jobs",
        "{\"apiVersion\":\"batch/v1\",\"kind\":\"Job\",\"metadata\":{\"name\":\"llm\","
            + "\"namespace\":\"ml\",\"labels\":{\"kueue.x-k8s.io/queue-name\":\"team-a\"}},"
            + "\"spec\":{}}");
    Incident incident =
        ActionPlannerTest.withClass(
            Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-a")),
            IncidentClass.ALLOCATION_FAILURE);

    Plan plan =
        new ActionPlanner(new ClassPlans(Map.of()))
            .plan(
                incident,
                h.gateway::resolveWorkload,
                h.gateway::podNode,
                new MechanismCheck(h.gateway, h.patches));

    assertThat(plan.actions()).isEmpty();
    assertThat(plan.notes())
        .containsExactly(
            "step 1 PAUSE_NEW_BATCHES not proposed: Job ml/llm is queued in Kueue LocalQueue"
                + " ml/team-a, which cannot be held: "
                + NO_KUEUE
                + "; it is not suspended instead",
            "step 2 capacity report: no scheduling events in evidence");
    assertThat(h.get(Kinds.JOB.ref("ml", "llm")).at("/spec/suspend").isMissingNode()).isTrue();
  }

  @Test
  void aLocalQueueServedOnlyAtAVersionStrataHasNotCheckedIsNotHeld() throws Exception {
    on(CustomKinds.servedWithout(KUEUE).serve(KUEUE, "v1", "LocalQueue", "localqueues", true));
    queuedJob();

    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.PAUSE_NEW_BATCHES, JOB))
        .isEqualTo(
            TargetCheck.Choice.none(
                "is queued in Kueue LocalQueue training/team-a, which cannot be held:"
                    + " UNKNOWN_VERSIONS_ONLY: the API server serves kueue.x-k8s.io LocalQueue at"
                    + " v1 only (Strata addresses it at v1beta2, v1beta1); it is not suspended"
                    + " instead"));
  }

  @Test
  void kueueInstalledLaterIsSeenWithoutRestartOnceTheMissRefreshHasPassed() throws Exception {
    on(CustomKinds.servedWithout(KUEUE));
    queuedJob();
    MechanismCheck check = new MechanismCheck(h.gateway, h.patches);
    TargetCheck.Choice notServed =
        TargetCheck.Choice.none(
            "is queued in Kueue LocalQueue training/team-a, which cannot be held: "
                + NO_KUEUE
                + "; it is not suspended instead");
    assertThat(check.choose(ActionType.PAUSE_NEW_BATCHES, JOB)).isEqualTo(notServed);

    h.cluster.served.serve(CustomKinds.LOCAL_QUEUES);
    localQueue("v1beta2");
    h.clock.advance(Duration.ofSeconds(5));
    // Within miss-refresh the cached discovery stands: no discovery round per request.
    assertThat(check.choose(ActionType.PAUSE_NEW_BATCHES, JOB)).isEqualTo(notServed);

    h.clock.advance(Duration.ofSeconds(5));
    assertThat(check.choose(ActionType.PAUSE_NEW_BATCHES, JOB))
        .isEqualTo(TargetCheck.Choice.of(QUEUE));
  }

  @Test
  void anUpgradeToV1beta2BetweenHoldAndResumeIsFollowed() throws Exception {
    on(CustomKinds.servedWithout(KUEUE).serve(KUEUE, "v1beta1", "LocalQueue", "localqueues", true));
    localQueue("v1beta1");
    TargetRef v1beta1 = Kinds.LOCAL_QUEUE.at("v1beta1", "training", "team-a");
    String id = h.run(ActionType.PAUSE_NEW_BATCHES, v1beta1);
    JsonNode held = h.get(v1beta1);

    // Kueue upgraded: the object is stored at v1beta2, and v1beta1 is no longer served.
    h.cluster.served.serve(CustomKinds.LOCAL_QUEUES).withdraw(KUEUE, "v1beta1");
    ObjectNode migrated = held.deepCopy();
    migrated.put("apiVersion", "kueue.x-k8s.io/v1beta2");
    ((ObjectNode) migrated.path("metadata")).remove("resourceVersion");
    h.create("localqueues", migrated.toString());

    h.cluster.drainRequests();
    String undo = h.undo(id);

    assertThat(h.patchOf(undo)).isEqualTo("{\"spec\":{\"stopPolicy\":null}}");
    assertThat(h.cluster.patchesTo(QUEUE_V1BETA2)).isEqualTo(1);
    assertThat(h.latest(id).state()).isEqualTo(ActionState.REVERTED);
  }

  @Test
  void anApprovedHoldWhoseKindIsNoLongerServedFailsAsNotServedNotAsNotFound() throws Exception {
    localQueue("v1beta2");
    String id = ActionIds.of("inc-1", 1, ActionType.PAUSE_NEW_BATCHES, QUEUE);
    h.journal.record(
        Actions.proposed(
            id,
            "inc-1",
            1,
            ActionType.PAUSE_NEW_BATCHES,
            QUEUE,
            null,
            null,
            "step 1",
            3,
            false,
            null,
            h.clock.instant()));
    h.approvals.approve(id, "alice", ApprovalChannel.REST);
    h.get(QUEUE);

    h.cluster.served.withdraw(KUEUE, "v1beta2");
    h.executor.execute(id);

    RemediationAction failed = h.latest(id);
    assertThat(failed.state()).isEqualTo(ActionState.FAILED);
    assertThat(failed.reason()).isEqualTo(ActionOutcomeReason.PERMANENT_API_ERROR);
    assertThat(failed.message()).isEqualTo(NO_KUEUE);
  }

  @Test
  void aJobSetIsAddressedAtTheVersionTheClusterServes() throws Exception {
    h.create("jobsets", job("jobset.x-k8s.io/v1alpha2", "JobSet", "pretrain", "", ""));

    assertThat(
            new MechanismCheck(h.gateway, h.patches)
                .choose(ActionType.PAUSE_NEW_BATCHES, Kinds.JOB_SET.ref("training", "pretrain")))
        .isEqualTo(TargetCheck.Choice.of(JOB_SET));
  }

  @Test
  void withoutJobSetThePlanNamesTheApiNotServed() throws Exception {
    on(CustomKinds.servedWithout("jobset.x-k8s.io"));

    assertThat(
            new MechanismCheck(h.gateway, h.patches)
                .choose(ActionType.PAUSE_NEW_BATCHES, Kinds.JOB_SET.ref("training", "pretrain")))
        .isEqualTo(
            TargetCheck.Choice.none(
                "NOT_SERVED: the API server serves no version of jobset.x-k8s.io JobSet (Strata"
                    + " addresses it at v1, v1alpha2)"));
    assertThat(h.gateway.resolveWorkload("training", "pretrain")).isEmpty();
  }

  private void queuedJob() {
    h.create(
        "jobs",
        job(
            "batch/v1",
            "Job",
            "finetune",
            "",
            ",\"labels\":{\"kueue.x-k8s.io/queue-name\":\"team-a\"}"));
  }

  private void localQueue(String version) {
    h.create(
        "localqueues",
        "{\"apiVersion\":\"kueue.x-k8s.io/"
            + version
            + "\",\"kind\":\"LocalQueue\",\"metadata\":"
            + "{\"name\":\"team-a\",\"namespace\":\"training\"},\"spec\":{\"clusterQueue\":\"gpu\"}}");
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
