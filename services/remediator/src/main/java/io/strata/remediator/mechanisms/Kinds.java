package io.strata.remediator.mechanisms;

import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.ApiResource;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The kinds of object an action may address, and the versions Strata addresses each at, newest
 * first; the API server's discovery picks the newest one it serves (ADR 048). Checked against each
 * project's API types: JobSet v1 and v1alpha2 (kubernetes-sigs/jobset api/jobset), LeaderWorkerSet
 * v1 (kubernetes-sigs/lws), KServe v1beta1, Knative Serving v1, Kueue v1beta2 and v1beta1
 * (kubernetes-sigs/kueue apis/kueue; v1beta1 is no longer served since kueue#14558).
 */
public enum Kinds {
  NODE(resource("", "Node", "nodes", false, "v1")),
  POD(resource("", "Pod", "pods", true, "v1")),
  DEPLOYMENT(resource("apps", "Deployment", "deployments", true, "v1")),
  STATEFUL_SET(resource("apps", "StatefulSet", "statefulsets", true, "v1")),
  JOB(resource("batch", "Job", "jobs", true, "v1")),
  JOB_SET(resource("jobset.x-k8s.io", "JobSet", "jobsets", true, "v1", "v1alpha2")),
  LEADER_WORKER_SET(
      resource("leaderworkerset.x-k8s.io", "LeaderWorkerSet", "leaderworkersets", true, "v1")),
  KNATIVE_SERVICE(resource("serving.knative.dev", "Service", "services", true, "v1")),
  INFERENCE_SERVICE(
      resource("serving.kserve.io", "InferenceService", "inferenceservices", true, "v1beta1")),
  LOCAL_QUEUE(resource("kueue.x-k8s.io", "LocalQueue", "localqueues", true, "v1beta2", "v1beta1"));

  /** Read, never patched: a pod's owner on the way to its Deployment, and its rollout history. */
  public static final ApiResource REPLICA_SETS =
      resource("apps", "ReplicaSet", "replicasets", true, "v1");

  /** Read, never patched: the Revisions a Knative Service rolls back to. */
  public static final ApiResource KNATIVE_REVISIONS =
      resource("serving.knative.dev", "Revision", "revisions", true, "v1");

  private final ApiResource resource;

  Kinds(ApiResource resource) {
    this.resource = resource;
  }

  public ApiResource resource() {
    return resource;
  }

  /** The newest apiVersion Strata addresses the kind at. */
  public String apiVersion() {
    return resource.apiVersion(resource.newest());
  }

  public String kind() {
    return resource.kind();
  }

  /** A reference at the newest version Strata knows; the gateway addresses the served one. */
  public TargetRef ref(String namespace, String name) {
    return resource.ref(resource.newest(), namespace, name);
  }

  /** A reference at {@code version}. */
  public TargetRef at(String version, String namespace, String name) {
    return resource.ref(version, namespace, name);
  }

  /** Whether {@code ref} names this kind, at whatever version. */
  public boolean is(TargetRef ref) {
    return resource.names(ref);
  }

  /** The kind of {@code ref}, if it is one the remediator knows. */
  public static Optional<Kinds> of(TargetRef ref) {
    return Arrays.stream(values()).filter(k -> k.is(ref)).findFirst();
  }

  /** Every resource the remediator reads or patches. */
  public static List<ApiResource> resources() {
    return Stream.concat(
            Arrays.stream(values()).map(Kinds::resource),
            Stream.of(REPLICA_SETS, KNATIVE_REVISIONS))
        .toList();
  }

  /** {@code Kind (group)}, as the docs and notes name it. */
  @Override
  public String toString() {
    return resource.kind() + " (" + (resource.group().isEmpty() ? "core" : resource.group()) + ")";
  }

  private static ApiResource resource(
      String group, String kind, String plural, boolean namespaced, String... versions) {
    return new ApiResource(group, kind, plural, namespaced, List.of(versions));
  }
}
