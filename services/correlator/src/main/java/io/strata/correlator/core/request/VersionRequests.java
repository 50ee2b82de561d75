package io.strata.correlator.core.request;

import java.util.List;

/**
 * One workload × model_version's requests of one completion sweep, as the
 * requests-by-workload-version repartition carries them (ADR 040): each with its own time.
 */
public record VersionRequests(List<TimedTrace> traces) {
  public VersionRequests {
    traces = List.copyOf(traces);
  }
}
