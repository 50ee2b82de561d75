package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.WindowStats;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What one judged request window changes, as plain Java: the version's baseline tracker and its
 * request incident. A regression opens (or keeps) an incident after {@code windows-to-open}
 * regressed windows unless it is a device fault seen from the requests (it then joins that
 * incident); healthy windows feed the baseline while nothing is open and resolve an open incident
 * after {@code windows-to-resolve}; a window out of band but not regressed feeds the baseline while
 * nothing is open (a baseline learnt while the allocation was still being discovered would
 * otherwise judge every later window out of band and never heal) and unsettles an open incident.
 * The workload processor stores and publishes what this returns.
 */
public final class WindowDecision {

  /**
   * @param tracker the version's baseline tracker after the window
   * @param incident the request incident's next state, if the window changed it
   * @param publish the incident revision to publish, if any
   * @param joinedDeviceIncident the regression went to an open device incident instead
   */
  public record Outcome(
      BaselineTracker tracker,
      Optional<IncidentTracker> incident,
      Optional<io.strata.events.incident.Incident> publish,
      boolean joinedDeviceIncident) {}

  private final CorrelatorSettings settings;

  public WindowDecision(CorrelatorSettings settings) {
    this.settings = settings;
  }

  /**
   * @param gpus the workload's allocated GPUs (throughput per GPU means nothing before it is known)
   * @param draft classifies the regression, asked only when an incident is to open or update
   * @param joinsDeviceIncident whether a new regression belongs to an open device incident
   */
  public Outcome decide(
      WindowVerdict verdict,
      WindowStats window,
      BaselineTracker tracker,
      IncidentTracker incident,
      int gpus,
      Supplier<IncidentDraft> draft,
      Predicate<IncidentDraft> joinsDeviceIncident) {
    Instant at = window.windowEnd();
    int keep = settings.regression().baselineWindows();
    CorrelatorSettings.Lifecycle lifecycle = settings.lifecycle();
    return switch (verdict.kind()) {
      case TOO_FEW_SAMPLES -> unchanged(tracker.withTooFewSamples(at));
      case NO_BASELINE -> unchanged(fed(tracker, window, gpus, keep));
      case REGRESSED -> {
        BaselineTracker next = tracker.withRegressed(at);
        if (next.regressedStreak() < lifecycle.windowsToOpen() && !incident.active()) {
          yield unchanged(next);
        }
        IncidentDraft classified = draft.get();
        if (!incident.active() && joinsDeviceIncident.test(classified)) {
          yield new Outcome(next, Optional.empty(), Optional.empty(), true);
        }
        ClassRefinement.Decision refined =
            ClassRefinement.decide(incident, classified, lifecycle.windowsToOpen());
        yield stepped(
            next,
            refined
                .tracker()
                .onTrouble(
                    refined.draft(),
                    at,
                    lifecycle.updateInterval(),
                    lifecycle.reopenCooldown(),
                    lifecycle.windowsToOpen()));
      }
      case IN_BAND ->
          incident.active()
              ? stepped(
                  tracker.withNeutral(at),
                  incident.onHealthy(at, lifecycle.windowsToResolve(), lifecycle.updateInterval()))
              : unchanged(fed(tracker, window, gpus, keep));
      case OUT_OF_BAND -> {
        if (!incident.active() && gpus > 0) {
          yield unchanged(tracker.withHealthy(Baseline.of(window, gpus), keep));
        }
        yield incident.active()
            ? new Outcome(
                tracker.withNeutral(at),
                Optional.of(incident.onUnsettled()),
                Optional.empty(),
                false)
            : unchanged(tracker.withNeutral(at));
      }
    };
  }

  private static BaselineTracker fed(
      BaselineTracker tracker, WindowStats window, int gpus, int keep) {
    return gpus > 0
        ? tracker.withHealthy(Baseline.of(window, gpus), keep)
        : tracker.withNeutral(window.windowEnd());
  }

  private static Outcome unchanged(BaselineTracker tracker) {
    return new Outcome(tracker, Optional.empty(), Optional.empty(), false);
  }

  private static Outcome stepped(BaselineTracker tracker, IncidentTracker.Step step) {
    return new Outcome(tracker, Optional.of(step.tracker()), step.publish(), false);
  }
}
