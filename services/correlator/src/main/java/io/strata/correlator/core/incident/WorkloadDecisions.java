package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.WorkloadView;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * The workload side's smaller rules, outside the processor that applies them (the window verdict
 * itself is {@link WindowDecision}): how long events are kept, which windows are too late to count,
 * which workloads are gone, which baseline judges a version, and what a regression brings to a
 * device incident it joins.
 */
public final class WorkloadDecisions {

  private WorkloadDecisions() {}

  /**
   * A window that closed more than the quiet period after its end: its partition had no traffic to
   * close it sooner, and incidents have moved on (a quiet resolution); it must not reopen them.
   */
  public static boolean stale(WindowStats window, Instant streamTime, Duration quietPeriod) {
    return window.windowEnd().plus(quietPeriod).isBefore(streamTime);
  }

  /**
   * How long a workload keeps a Kubernetes event: as long as the longer of the two look-backs that
   * read events (allocation failures as evidence, a model change as the cause of a regression).
   */
  public static Duration eventKeep(CorrelatorSettings.Regression regression) {
    Duration allocation = regression.allocationEvidenceLookback();
    Duration model = regression.modelChangeLookback();
    return allocation.compareTo(model) >= 0 ? allocation : model;
  }

  /**
   * A workload with no window for the retention and no GPU or pod left is forgotten, so the store
   * holds what is alive.
   */
  public static boolean gone(
      WindowStats lastWindow, boolean hasGpus, boolean hasPods, Instant now, Duration retention) {
    boolean silent = lastWindow == null || lastWindow.windowEnd().isBefore(now.minus(retention));
    return silent && !hasGpus && !hasPods;
  }

  /**
   * The version's own baseline, else the newest one among the workload's other versions: a new
   * model_version is judged against the version it replaced until it has its own. Null when none is
   * warm yet.
   */
  public static Baseline baselineFor(
      BaselineTracker own, Iterator<BaselineTracker> versions, int warmup) {
    Optional<Baseline> mine = own.baseline(warmup);
    if (mine.isPresent()) {
      return mine.get();
    }
    Baseline newest = null;
    while (versions.hasNext()) {
      Optional<Baseline> candidate = versions.next().baseline(warmup);
      if (candidate.isPresent()
          && (newest == null || candidate.get().asOf().isAfter(newest.asOf()))) {
        newest = candidate.get();
      }
    }
    return newest;
  }

  /** The workload's faulted GPUs that a regression's scope names, in UUID order. */
  public static List<GpuSnapshot> faultedInScope(WorkloadView view, IncidentDraft draft) {
    return view.gpus().values().stream()
        .filter(GpuSnapshot::faulted)
        .filter(g -> draft.scope().gpuUuids().contains(g.gpuUuid()))
        .sorted(Comparator.comparing(GpuSnapshot::gpuUuid))
        .toList();
  }

  /** What a regression adds to the device incident it joins: its line, exemplars and time. */
  public static RequestEvidence evidence(String workloadKey, IncidentDraft draft) {
    return new RequestEvidence(
        workloadKey,
        RequestEvidence.line(draft.trigger(), draft.longestStage()),
        draft.evidence().exemplarTraces(),
        draft.trigger().windowEnd());
  }
}
