package io.strata.remediator.mechanisms;

import io.strata.events.remediation.TargetRef;

/**
 * The kinds of object an action may address, by apiVersion and kind. Group versions are the served
 * ones of each project: JobSet v1alpha2 (kubernetes-sigs/jobset), LeaderWorkerSet v1
 * (kubernetes-sigs/lws), KServe v1beta1, Kueue v1beta1.
 */
public enum Kinds {
  NODE("v1", "Node"),
  POD("v1", "Pod"),
  DEPLOYMENT("apps/v1", "Deployment"),
  STATEFUL_SET("apps/v1", "StatefulSet"),
  JOB("batch/v1", "Job"),
  JOB_SET("jobset.x-k8s.io/v1alpha2", "JobSet"),
  LEADER_WORKER_SET("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet"),
  KNATIVE_SERVICE("serving.knative.dev/v1", "Service"),
  INFERENCE_SERVICE("serving.kserve.io/v1beta1", "InferenceService"),
  LOCAL_QUEUE("kueue.x-k8s.io/v1beta1", "LocalQueue");

  private final String apiVersion;
  private final String kind;

  Kinds(String apiVersion, String kind) {
    this.apiVersion = apiVersion;
    this.kind = kind;
  }

  public String apiVersion() {
    return apiVersion;
  }

  public String kind() {
    return kind;
  }

  public TargetRef ref(String namespace, String name) {
    return new TargetRef(apiVersion, kind, namespace, name);
  }

  public boolean is(TargetRef ref) {
    return ref != null && apiVersion.equals(ref.apiVersion()) && kind.equals(ref.kind());
  }

  /** The kind of {@code ref}, if it is one the remediator knows. */
  public static java.util.Optional<Kinds> of(TargetRef ref) {
    for (Kinds k : values()) {
      if (k.is(ref)) {
        return java.util.Optional.of(k);
      }
    }
    return java.util.Optional.empty();
  }

  /** {@code Kind apiVersion}, as the docs and notes name it. */
  @Override
  public String toString() {
    return kind + " (" + apiVersion + ")";
  }
}
