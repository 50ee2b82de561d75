package io.strata.remediator.core;

/** How a plain Deployment's concurrency is lowered. */
public enum DeploymentConcurrencyMode {
  /** Write the concurrency into an annotation the server honours. */
  ANNOTATION,
  /** Scale replicas by the factor. */
  REPLICAS
}
