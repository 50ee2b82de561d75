package io.strata.remediator.kube;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;

/** The custom resources the remediator addresses, for the CRUD mock server to serve. */
public final class CustomKinds {

  public static final CustomResourceDefinitionContext KNATIVE_SERVICES =
      crd("serving.knative.dev", "v1", "Service", "services");
  public static final CustomResourceDefinitionContext KNATIVE_REVISIONS =
      crd("serving.knative.dev", "v1", "Revision", "revisions");
  public static final CustomResourceDefinitionContext JOB_SETS =
      crd("jobset.x-k8s.io", "v1alpha2", "JobSet", "jobsets");
  public static final CustomResourceDefinitionContext LEADER_WORKER_SETS =
      crd("leaderworkerset.x-k8s.io", "v1", "LeaderWorkerSet", "leaderworkersets");
  public static final CustomResourceDefinitionContext INFERENCE_SERVICES =
      crd("serving.kserve.io", "v1beta1", "InferenceService", "inferenceservices");
  public static final CustomResourceDefinitionContext LOCAL_QUEUES =
      crd("kueue.x-k8s.io", "v1beta1", "LocalQueue", "localqueues");

  public static final CustomResourceDefinitionContext[] ALL = {
    KNATIVE_SERVICES,
    KNATIVE_REVISIONS,
    JOB_SETS,
    LEADER_WORKER_SETS,
    INFERENCE_SERVICES,
    LOCAL_QUEUES
  };

  private CustomKinds() {}

  private static CustomResourceDefinitionContext crd(
      String group, String version, String kind, String plural) {
    return new CustomResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withScope("Namespaced")
        .build();
  }
}
