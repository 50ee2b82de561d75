package io.strata.simulator.k8s;

/**
 * What the remediator writes, as the simulator reads it (matching services/remediator's
 * PatchFactory defaults; configurable for a remediator configured differently).
 *
 * @param pauseAnnotation workload (Knative Service, Deployment) or pod annotation that, when
 *     "true", stops new batches
 * @param concurrencyAnnotation Deployment annotation carrying the concurrency its server honours
 */
public record ReactionConventions(String pauseAnnotation, String concurrencyAnnotation) {

  public static ReactionConventions defaults() {
    return new ReactionConventions("strata.io/pause-batches", "strata.io/max-concurrency");
  }
}
