package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.PlacementStats;
import io.strata.correlator.core.request.WindowStats;
import io.strata.events.incident.Signal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Which nodes and GPUs of a regressed window carry the regression, judged on every request of the
 * window (its per-placement statistics), not on the few exemplar traces: a backlog across all pods
 * is scoped to all their nodes, a slow GPU to its node alone.
 *
 * @param nodes empty when the window has no placement data (the caller falls back)
 * @param notes one line saying how the scope was found, when it is not obvious
 */
public record RegressedPlacements(List<String> nodes, List<String> gpus, List<String> notes) {

  /** Placements with fewer requests than this are too small to call regressed on their own. */
  static final int MIN_PLACEMENT_REQUESTS = 3;

  public static RegressedPlacements of(
      WindowStats window,
      Baseline baseline,
      WindowVerdict verdict,
      CorrelatorSettings.Regression settings) {
    List<PlacementStats> all =
        window.placements().stream().filter(p -> p.node() != null && p.requests() > 0).toList();
    if (all.isEmpty()) {
      return new RegressedPlacements(List.of(), List.of(), List.of());
    }
    double minIncrease = settings.p95MinIncrease().toNanos() / 1_000_000.0;
    List<PlacementStats> regressed =
        all.stream()
            .filter(p -> p.requests() >= MIN_PLACEMENT_REQUESTS)
            .filter(
                p ->
                    verdict.signal() == Signal.ERROR_RATE
                        ? p.errorRate() >= baseline.errorRate() + settings.errorRateIncrease()
                        : p.p95() >= baseline.p95() * settings.p95Ratio()
                            && p.p95() - baseline.p95() >= minIncrease)
            .toList();
    List<String> notes = new ArrayList<>();
    List<PlacementStats> scoped = regressed;
    if (regressed.isEmpty()) {
      // Spread thin: no placement regressed on its own, the workload as a whole did.
      scoped = all;
      notes.add("no single node or GPU regressed on its own: scoped to every placement serving");
    }
    List<String> nodes =
        List.copyOf(new TreeSet<>(scoped.stream().map(PlacementStats::node).toList()));
    List<String> gpus =
        List.copyOf(
            new TreeSet<>(
                scoped.stream().map(PlacementStats::gpuUuid).filter(Objects::nonNull).toList()));
    long allNodes = all.stream().map(PlacementStats::node).distinct().count();
    if (!regressed.isEmpty() && nodes.size() < allNodes) {
      notes.add(
          "requests regressed on "
              + String.join(", ", nodes)
              + " of the "
              + allNodes
              + " nodes serving this version");
    }
    return new RegressedPlacements(nodes, gpus, notes);
  }
}
