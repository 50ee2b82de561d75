package io.strata.remediator.core.patch;

/** How workload-level actions become patches; see RemediatorConfig.Workloads. */
public record PatchSettings(
    double concurrencyFactor,
    int fallbackConcurrency,
    int scaleOutStep,
    int scaleDownStep,
    String readinessGate) {

  public PatchSettings {
    if (!(concurrencyFactor > 0 && concurrencyFactor < 1)) {
      throw new IllegalArgumentException(
          "strata.remediator.workloads.concurrency-factor must be in (0, 1), was "
              + concurrencyFactor);
    }
  }
}
