package io.strata.correlator.core.state;

import io.strata.events.incident.ExemplarTrace;
import java.util.ArrayList;
import java.util.List;

/**
 * The latest requests one GPU served, kept apart from the GPU's device state: a request updates
 * this small entry, never the GPU's samples, so the two change at their own rates.
 */
public record GpuExemplars(List<ExemplarTrace> traces) {

  public GpuExemplars {
    traces = traces == null ? List.of() : List.copyOf(traces);
  }

  public static GpuExemplars empty() {
    return new GpuExemplars(null);
  }

  /** With one more request, keeping the latest {@code keep}. */
  public GpuExemplars with(ExemplarTrace trace, int keep) {
    List<ExemplarTrace> next = new ArrayList<>(traces);
    next.add(trace);
    while (next.size() > Math.max(0, keep)) {
      next.remove(0);
    }
    return new GpuExemplars(next);
  }
}
