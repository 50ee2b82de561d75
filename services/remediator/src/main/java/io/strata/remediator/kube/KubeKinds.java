package io.strata.remediator.kube;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.mechanisms.Kinds;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** The API resources the remediator touches, addressed explicitly (no discovery calls). */
final class KubeKinds {

  static final ResourceDefinitionContext KNATIVE_REVISIONS =
      context("serving.knative.dev", "v1", "Revision", "revisions", true);
  static final ResourceDefinitionContext REPLICA_SETS =
      context("apps", "v1", "ReplicaSet", "replicasets", true);

  private static final Map<Kinds, ResourceDefinitionContext> TARGETS = new EnumMap<>(Kinds.class);

  static {
    TARGETS.put(Kinds.NODE, context("", "v1", "Node", "nodes", false));
    TARGETS.put(Kinds.POD, context("", "v1", "Pod", "pods", true));
    TARGETS.put(Kinds.DEPLOYMENT, context("apps", "v1", "Deployment", "deployments", true));
    TARGETS.put(Kinds.STATEFUL_SET, context("apps", "v1", "StatefulSet", "statefulsets", true));
    TARGETS.put(Kinds.JOB, context("batch", "v1", "Job", "jobs", true));
    TARGETS.put(Kinds.JOB_SET, context("jobset.x-k8s.io", "v1alpha2", "JobSet", "jobsets", true));
    TARGETS.put(
        Kinds.LEADER_WORKER_SET,
        context("leaderworkerset.x-k8s.io", "v1", "LeaderWorkerSet", "leaderworkersets", true));
    TARGETS.put(
        Kinds.KNATIVE_SERVICE, context("serving.knative.dev", "v1", "Service", "services", true));
    TARGETS.put(
        Kinds.INFERENCE_SERVICE,
        context("serving.kserve.io", "v1beta1", "InferenceService", "inferenceservices", true));
    TARGETS.put(
        Kinds.LOCAL_QUEUE, context("kueue.x-k8s.io", "v1beta1", "LocalQueue", "localqueues", true));
  }

  private KubeKinds() {}

  /** A kind an action may patch. */
  static Optional<ResourceDefinitionContext> of(TargetRef ref) {
    return Kinds.of(ref).map(TARGETS::get);
  }

  /** A kind the remediator reads: the action targets and ReplicaSets (owner chain, history). */
  static Optional<ResourceDefinitionContext> readable(TargetRef ref) {
    if (REPLICA_SETS.getKind().equals(ref.kind()) && "apps/v1".equals(ref.apiVersion())) {
      return Optional.of(REPLICA_SETS);
    }
    return of(ref);
  }

  private static ResourceDefinitionContext context(
      String group, String version, String kind, String plural, boolean namespaced) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(namespaced)
        .build();
  }
}
