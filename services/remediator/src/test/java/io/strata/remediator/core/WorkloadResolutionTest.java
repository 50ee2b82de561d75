package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.remediator.mechanisms.Kinds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A workload by name across kinds, and a pod's workload through labels and its owner chain. */
class WorkloadResolutionTest {

  private final MechanismHarness h = new MechanismHarness();

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void aNameIsLookedUpServingLayersFirst() throws Exception {
    h.create("deployments", object("apps/v1", "Deployment", "llama", ""));
    h.create(
        "inferenceservices", object("serving.kserve.io/v1beta1", "InferenceService", "llama", ""));
    h.create("statefulsets", object("apps/v1", "StatefulSet", "vector-db", ""));
    h.create("jobsets", object("jobset.x-k8s.io/v1alpha2", "JobSet", "pretrain", ""));
    h.create(
        "leaderworkersets", object("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet", "big", ""));
    h.create("jobs", object("batch/v1", "Job", "finetune", ""));

    assertThat(h.gateway.resolveWorkload("ml", "llama"))
        .contains(Kinds.INFERENCE_SERVICE.ref("ml", "llama"));
    assertThat(h.gateway.resolveWorkload("ml", "vector-db"))
        .contains(Kinds.STATEFUL_SET.ref("ml", "vector-db"));
    // The JobSet is addressed at the version the cluster serves (v1alpha2), not the newest known.
    assertThat(h.gateway.resolveWorkload("ml", "pretrain"))
        .contains(Kinds.JOB_SET.at("v1alpha2", "ml", "pretrain"));
    assertThat(h.gateway.resolveWorkload("ml", "big"))
        .contains(Kinds.LEADER_WORKER_SET.ref("ml", "big"));
    assertThat(h.gateway.resolveWorkload("ml", "finetune"))
        .contains(Kinds.JOB.ref("ml", "finetune"));
    assertThat(h.gateway.resolveWorkload("ml", "absent")).isEmpty();
  }

  @Test
  void aPodLeadsToItsWorkloadThroughLabelsOrOwners() throws Exception {
    h.create(
        "pods",
        object(
            "v1",
            "Pod",
            "llama-predictor-abc",
            ",\"labels\":{\"serving.kserve.io/inferenceservice\":\"llama\"}"));
    h.create(
        "pods",
        object(
            "v1",
            "Pod",
            "worker-0-0",
            ",\"labels\":{\"jobset.sigs.k8s.io/jobset-name\":\"pretrain\"}"));
    h.create("pods", object("v1", "Pod", "embedder-bbb-x", owner("ReplicaSet", "embedder-bbb")));
    h.create(
        "replicasets",
        object("apps/v1", "ReplicaSet", "embedder-bbb", owner("Deployment", "embedder")));
    h.create("pods", object("v1", "Pod", "db-0", owner("StatefulSet", "db")));
    h.create("pods", object("v1", "Pod", "lonely", ""));

    assertThat(h.gateway.workloadOfPod("ml", "llama-predictor-abc"))
        .contains(Kinds.INFERENCE_SERVICE.ref("ml", "llama"));
    assertThat(h.gateway.workloadOfPod("ml", "worker-0-0"))
        .contains(Kinds.JOB_SET.ref("ml", "pretrain"));
    assertThat(h.gateway.workloadOfPod("ml", "embedder-bbb-x"))
        .contains(Kinds.DEPLOYMENT.ref("ml", "embedder"));
    assertThat(h.gateway.workloadOfPod("ml", "db-0")).contains(Kinds.STATEFUL_SET.ref("ml", "db"));
    assertThat(h.gateway.workloadOfPod("ml", "lonely")).isEmpty();
    assertThat(h.gateway.workloadOfPod("ml", "absent")).isEmpty();
  }

  private static String owner(String kind, String name) {
    return ",\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\""
        + kind
        + "\",\"name\":\""
        + name
        + "\",\"controller\":true}]";
  }

  private static String object(String apiVersion, String kind, String name, String meta) {
    return "{\"apiVersion\":\""
        + apiVersion
        + "\",\"kind\":\""
        + kind
        + "\",\"metadata\":{\"name\":\""
        + name
        + "\",\"namespace\":\"ml\""
        + meta
        + "}}";
  }
}
