package io.strata.console.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The windows seen per workload ({@code cluster/namespace/workload}) and their baselines. The
 * correlator exposes only each workload's latest window, so the console polls it and keeps the
 * series itself.
 */
final class WorkloadSeries {

  record Series(List<WindowPoint> windows, Map<String, BaselineBand> baselines) {}

  private final Bounded<String, Series> series;
  private final int windowsPerWorkload;

  WorkloadSeries(int workloads, int windowsPerWorkload) {
    this.series = new Bounded<>(workloads);
    this.windowsPerWorkload = windowsPerWorkload;
  }

  void add(String workloadKey, WindowPoint window, Map<String, BaselineBand> baselines) {
    Series known = series.get(workloadKey);
    List<WindowPoint> windows = known == null ? new ArrayList<>() : new ArrayList<>(known.windows);
    if (window != null
        && windows.stream()
            .noneMatch(
                w ->
                    w.start().equals(window.start())
                        && java.util.Objects.equals(w.modelVersion(), window.modelVersion()))) {
      windows.add(window);
      windows.sort(java.util.Comparator.comparing(WindowPoint::start));
      while (windows.size() > windowsPerWorkload) {
        windows.remove(0);
      }
    }
    series.write(workloadKey, new Series(List.copyOf(windows), Map.copyOf(baselines)));
  }

  Series get(String workloadKey) {
    return series.getOrDefault(workloadKey, new Series(List.of(), Map.of()));
  }
}
