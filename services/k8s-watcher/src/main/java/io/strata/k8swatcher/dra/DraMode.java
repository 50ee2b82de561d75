package io.strata.k8swatcher.dra;

/**
 * Which resource.k8s.io version to use ({@code strata.k8s-watcher.dra.api-version}). Part of the
 * DRA core, so that the version choice needs nothing from the configuration adapter.
 */
public enum DraMode {
  AUTO,
  V1,
  V1BETA1,
  DISABLED
}
