package io.strata.remediator.kube;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.strata.kubetest.ServedApis;

/**
 * The custom resources the remediator addresses, for the CRUD mock server to store, and the API
 * discovery of a cluster with every one installed at the version a current release serves.
 */
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
      crd("kueue.x-k8s.io", "v1beta2", "LocalQueue", "localqueues");

  public static final CustomResourceDefinitionContext[] ALL = {
    KNATIVE_SERVICES,
    KNATIVE_REVISIONS,
    JOB_SETS,
    LEADER_WORKER_SETS,
    INFERENCE_SERVICES,
    LOCAL_QUEUES
  };

  private CustomKinds() {}

  /**
   * Kubernetes' built-in groups and every custom resource above: Kueue at v1beta2 only (v1beta1 no
   * longer served since kueue#14558), JobSet at v1alpha2, the others at their one version.
   */
  public static ServedApis served() {
    ServedApis served = ServedApis.kubernetes();
    for (CustomResourceDefinitionContext crd : ALL) {
      served.serve(crd);
    }
    return served;
  }

  /** {@link #served()} without one API group (its CRDs not installed). */
  public static ServedApis servedWithout(String group) {
    ServedApis served = served();
    for (String version : served.versions(group)) {
      served.withdraw(group, version);
    }
    return served;
  }

  public static CustomResourceDefinitionContext crd(
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
