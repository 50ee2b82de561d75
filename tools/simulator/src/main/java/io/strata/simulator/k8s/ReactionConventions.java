package io.strata.simulator.k8s;

/**
 * What the remediator writes, as the simulator reads it (matching services/remediator's
 * PatchFactory and RemediatorConfig defaults; configurable for a remediator configured
 * differently).
 *
 * @param pauseAnnotation workload (Knative Service, Deployment) or pod annotation that, when
 *     "true", stops new batches
 * @param concurrencyAnnotation Deployment annotation carrying the concurrency its server honours
 * @param modelVersionLabel Deployment pod-template label carrying its model version (the
 *     remediator's rollback rewrites it)
 * @param previousModelVersionAnnotation Deployment annotation naming the version to roll back to
 */
public record ReactionConventions(
    String pauseAnnotation,
    String concurrencyAnnotation,
    String modelVersionLabel,
    String previousModelVersionAnnotation) {

  public static final String DEFAULT_MODEL_VERSION_LABEL = "strata.io/model-version";
  public static final String DEFAULT_PREVIOUS_MODEL_VERSION_ANNOTATION =
      "strata.io/previous-model-version";

  /** The pause and concurrency conventions, with the default model-version keys. */
  public ReactionConventions(String pauseAnnotation, String concurrencyAnnotation) {
    this(
        pauseAnnotation,
        concurrencyAnnotation,
        DEFAULT_MODEL_VERSION_LABEL,
        DEFAULT_PREVIOUS_MODEL_VERSION_ANNOTATION);
  }

  public static ReactionConventions defaults() {
    return new ReactionConventions("strata.io/pause-batches", "strata.io/max-concurrency");
  }
}
