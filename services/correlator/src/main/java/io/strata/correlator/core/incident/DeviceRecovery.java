package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.events.incident.Incident;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lifecycle of one device-level incident (one GPU, one class) with the rule for its recovery:
 * it resolves only when the device is clean ({@code deviceCleanSamplesToResolve} samples in a row
 * without health FAIL or a new qualifying XID, from a Ready node) <b>and</b> every affected
 * workload that has request traffic is back within its baseline band (request p95, queue wait and
 * effective throughput) for {@code windowsToResolve} windows in a row. A workload that has no
 * measurable traffic for the quiet period is not waited for. A cordoned node moves the incident to
 * MITIGATING and never resolves it: resolution makes the remediator undo its cordon, which must
 * only happen once the GPU is healthy. Immutable.
 *
 * <p>MITIGATING means contained: the node is cordoned (no new work lands on the GPU) or the GPU
 * reports clean samples. An in-band window of an affected workload is not containment (its other,
 * healthy pods keep it in band while the faulty GPU still fails); it counts toward recovery only.
 * While the node is cordoned more trouble from the GPU is evidence, not a relapse; otherwise a
 * relapse to OPEN needs {@code windowsToOpen} troubled samples in a row.
 *
 * @param workloads affected workload key → its recovery so far
 * @param unschedulable whether the node was last seen cordoned or tainted NoSchedule/NoExecute
 */
public record DeviceRecovery(
    IncidentTracker tracker,
    int cleanSamples,
    Map<String, WorkloadRecovery> workloads,
    boolean unschedulable) {

  /** One affected workload: in-band windows in a row, or quiet (no measurable traffic). */
  public record WorkloadRecovery(int inBandStreak, boolean quiet) {}

  public DeviceRecovery {
    tracker = tracker == null ? IncidentTracker.empty() : tracker;
    workloads = workloads == null ? Map.of() : Map.copyOf(workloads);
  }

  public static DeviceRecovery empty() {
    return new DeviceRecovery(IncidentTracker.empty(), 0, Map.of(), false);
  }

  public boolean active() {
    return tracker.active();
  }

  /**
   * A qualifying XID or health FAIL: opens, reopens or refreshes the incident and starts recovery
   * over, now waiting for {@code workloadKey} (null when no workload holds the GPU).
   */
  public Transition<DeviceRecovery, Incident> onTrouble(
      IncidentDraft draft,
      String workloadKey,
      NodeHealth node,
      Instant at,
      CorrelatorSettings.Lifecycle lifecycle) {
    int relapseAfter = node.unschedulable() ? Integer.MAX_VALUE : lifecycle.windowsToOpen();
    if (tracker.active()) {
      draft =
          draft.withEvidence(
              RequestEvidence.carryOver(tracker.current().evidence(), draft.evidence()));
    }
    Transition<IncidentTracker, Incident> step =
        tracker.onTrouble(
            draft, at, lifecycle.updateInterval(), lifecycle.reopenCooldown(), relapseAfter);
    Map<String, WorkloadRecovery> awaited = new HashMap<>();
    if (workloadKey != null) {
      awaited.put(workloadKey, new WorkloadRecovery(0, false));
    }
    return new Transition<>(
        new DeviceRecovery(step.next(), 0, awaited, node.unschedulable()), step.emits());
  }

  /** A clean sample of the GPU: the first moves OPEN to MITIGATING. */
  public Transition<DeviceRecovery, Incident> onClean(
      Instant at, CorrelatorSettings.Lifecycle lifecycle) {
    if (!active()) {
      return Transition.of(this);
    }
    int clean = Math.min(cleanSamples + 1, lifecycle.deviceCleanSamplesToResolve());
    Transition<IncidentTracker, Incident> step =
        tracker.mitigate(at, lifecycle.updateInterval(), null);
    return new DeviceRecovery(step.next(), clean, workloads, unschedulable)
        .tryResolve(at, lifecycle, step.emits());
  }

  /** A closed window of an affected workload, judged against its baseline. */
  public Transition<DeviceRecovery, Incident> onVerdict(
      String workloadKey,
      WindowVerdict.Kind verdict,
      Instant at,
      CorrelatorSettings.Lifecycle lifecycle) {
    WorkloadRecovery before = workloads.get(workloadKey);
    if (!active() || before == null) {
      return Transition.of(this);
    }
    int streak =
        switch (verdict) {
          case IN_BAND, NO_BASELINE -> before.inBandStreak() + 1;
          case REGRESSED, OUT_OF_BAND -> 0;
          case TOO_FEW_SAMPLES -> before.inBandStreak();
        };
    return withWorkload(workloadKey, new WorkloadRecovery(streak, false))
        .tryResolve(at, lifecycle, List.of());
  }

  /**
   * A request-level regression of an affected workload: the same fault seen from the requests. It
   * joins this incident as evidence (the workload's latest regression replaces its previous one)
   * instead of opening a second incident.
   */
  public Transition<DeviceRecovery, Incident> onRequestEvidence(
      RequestEvidence evidence, int exemplarLimit, CorrelatorSettings.Lifecycle lifecycle) {
    if (!active()) {
      return Transition.of(this);
    }
    Transition<IncidentTracker, Incident> step =
        tracker.withEvidence(
            evidence.joinInto(tracker.current().evidence(), exemplarLimit),
            evidence.decidedAt(),
            lifecycle.updateInterval());
    return new Transition<>(
        new DeviceRecovery(step.next(), cleanSamples, workloads, unschedulable), step.emits());
  }

  /** An affected workload had no measurable traffic for the quiet period: stop waiting for it. */
  public Transition<DeviceRecovery, Incident> onQuiet(
      String workloadKey, Instant at, CorrelatorSettings.Lifecycle lifecycle) {
    if (!active() || !workloads.containsKey(workloadKey)) {
      return Transition.of(this);
    }
    return withWorkload(workloadKey, new WorkloadRecovery(0, true))
        .tryResolve(at, lifecycle, List.of());
  }

  /** The node's Kubernetes state changed: being cordoned contains the fault (MITIGATING). */
  public Transition<DeviceRecovery, Incident> onNode(
      NodeHealth node, Instant at, CorrelatorSettings.Lifecycle lifecycle) {
    DeviceRecovery next =
        new DeviceRecovery(tracker, cleanSamples, workloads, node.unschedulable());
    if (!active() || !node.unschedulable() || unschedulable) {
      return Transition.of(next);
    }
    Transition<IncidentTracker, Incident> step =
        tracker.mitigate(
            at,
            lifecycle.updateInterval(),
            String.join("; ", node.notes()) + " at " + at + ": no new work lands on its GPUs");
    return new Transition<>(
        new DeviceRecovery(step.next(), cleanSamples, workloads, true), step.emits());
  }

  /**
   * Resolves the incident when both the device and its workloads are back; else this state, with
   * {@code pending} (what the caller's step already emits).
   */
  private Transition<DeviceRecovery, Incident> tryResolve(
      Instant at, CorrelatorSettings.Lifecycle lifecycle, List<Incident> pending) {
    boolean deviceClean = cleanSamples >= lifecycle.deviceCleanSamplesToResolve();
    boolean workloadsBack =
        workloads.values().stream()
            .allMatch(w -> w.quiet() || w.inBandStreak() >= lifecycle.windowsToResolve());
    if (!active() || !deviceClean || !workloadsBack) {
      return new Transition<>(this, pending);
    }
    Transition<IncidentTracker, Incident> step =
        tracker.resolve(at, tracker.recoveredBy(at), resolutionNote(lifecycle));
    return new Transition<>(
        new DeviceRecovery(step.next(), cleanSamples, workloads, unschedulable), step.emits());
  }

  private String resolutionNote(CorrelatorSettings.Lifecycle lifecycle) {
    StringBuilder note =
        new StringBuilder("resolved: ")
            .append(lifecycle.deviceCleanSamplesToResolve())
            .append(" clean device samples in a row");
    workloads.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            w ->
                note.append(
                    w.getValue().quiet()
                        ? "; " + w.getKey() + " had no measurable traffic, recovery not measured"
                        : "; "
                            + w.getKey()
                            + " back within its baseline band for "
                            + lifecycle.windowsToResolve()
                            + " windows"));
    if (workloads.isEmpty()) {
      note.append("; no workload held the GPU");
    }
    return note.toString();
  }

  private DeviceRecovery withWorkload(String workloadKey, WorkloadRecovery recovery) {
    Map<String, WorkloadRecovery> next = new HashMap<>(workloads);
    next.put(workloadKey, recovery);
    return new DeviceRecovery(tracker, cleanSamples, next, unschedulable);
  }
}
