package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.request.WindowStats;
import io.strata.events.incident.Incident;
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
   * The version's state after a window.
   *
   * @param baseline the version's baseline tracker
   * @param incident the request incident's next state, present only when the window changed it
   */
  public record VersionState(BaselineTracker baseline, Optional<IncidentTracker> incident) {}

  /** What a judged window sends on. */
  public sealed interface Emission {}

  /** A revision of the version's request incident, to publish. */
  public record Publish(Incident incident) implements Emission {}

  /** The regression went to an open device incident as evidence instead of opening its own. */
  public record JoinedDeviceIncident() implements Emission {}

  private final CorrelatorSettings settings;

  public WindowDecision(CorrelatorSettings settings) {
    this.settings = settings;
  }

  /**
   * @param gpus the workload's allocated GPUs (throughput per GPU means nothing before it is known)
   * @param draft classifies the regression, asked only when an incident is to open or update
   * @param joinsDeviceIncident whether a new regression belongs to an open device incident
   */
  public Transition<VersionState, Emission> decide(
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
          yield Transition.of(new VersionState(next, Optional.empty()), new JoinedDeviceIncident());
        }
        Transition<IncidentTracker, IncidentDraft> refined =
            ClassRefinement.decide(incident, classified, lifecycle.windowsToOpen());
        yield stepped(
            next,
            refined
                .next()
                .onTrouble(
                    refined.emits().get(0),
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
            ? Transition.of(
                new VersionState(tracker.withNeutral(at), Optional.of(incident.onUnsettled())))
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

  private static Transition<VersionState, Emission> unchanged(BaselineTracker tracker) {
    return Transition.of(new VersionState(tracker, Optional.empty()));
  }

  private static Transition<VersionState, Emission> stepped(
      BaselineTracker tracker, Transition<IncidentTracker, Incident> step) {
    return new Transition<>(
        new VersionState(tracker, Optional.of(step.next())),
        step.emits().stream().<Emission>map(Publish::new).toList());
  }
}
