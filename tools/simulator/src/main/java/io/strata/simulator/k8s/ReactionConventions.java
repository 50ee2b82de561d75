package io.strata.simulator.k8s;

/**
 * The names the simulated cluster's mechanisms use, all of them real Kubernetes fields (no
 * annotation only Strata and the simulator know): the readiness gate its serving pods declare, and
 * the pod-template label carrying a Deployment's model version (the version a Deployment rollout,
 * or a rollback to an older ReplicaSet's template, serves).
 *
 * @param readinessGate the condition type of the pods' {@code spec.readinessGates} (the
 *     remediator's {@code workloads.readiness-gate})
 * @param modelVersionLabel Deployment pod-template label carrying its model version
 */
public record ReactionConventions(String readinessGate, String modelVersionLabel) {

  public static final String DEFAULT_READINESS_GATE = "strata.io/serving";
  public static final String DEFAULT_MODEL_VERSION_LABEL = "strata.io/model-version";

  public static ReactionConventions defaults() {
    return new ReactionConventions(DEFAULT_READINESS_GATE, DEFAULT_MODEL_VERSION_LABEL);
  }
}
