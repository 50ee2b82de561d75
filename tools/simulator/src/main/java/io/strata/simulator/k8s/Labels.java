package io.strata.simulator.k8s;

/** Label, annotation and API names the simulated objects carry. */
public final class Labels {

  public static final String GPU_RESOURCE = "nvidia.com/gpu";
  public static final String GPU_PRODUCT = "nvidia.com/gpu.product";
  public static final String KNATIVE_GROUP = "serving.knative.dev";
  public static final String KNATIVE_API = "serving.knative.dev/v1";
  public static final String KNATIVE_SERVICE = "serving.knative.dev/service";
  public static final String KNATIVE_REVISION = "serving.knative.dev/revision";
  public static final String KNATIVE_REVISION_UID = "serving.knative.dev/revisionUID";
  public static final String KNATIVE_CONFIGURATION = "serving.knative.dev/configuration";
  public static final String KNATIVE_CONFIGURATION_GENERATION =
      "serving.knative.dev/configurationGeneration";
  public static final String MODEL_VERSION = "model_version";
  public static final String KNATIVE_MIN_SCALE = "autoscaling.knative.dev/min-scale";
  public static final String APP_VERSION = "app.kubernetes.io/version";
  public static final String POD_TEMPLATE_HASH = "pod-template-hash";
  public static final String JOB_NAME = "batch.kubernetes.io/job-name";
  public static final String JOB_NAME_LEGACY = "job-name";
  public static final String CONTROLLER_UID = "batch.kubernetes.io/controller-uid";
  public static final String DRA_API = "resource.k8s.io/v1";
  public static final String DRA_DRIVER = "gpu.nvidia.com";

  private Labels() {}
}
