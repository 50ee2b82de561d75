package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.events.incident.Evidence;
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
 * <p>An incident an alert opened ({@link #onAlertOpening}) resolves when Alertmanager resolves that
 * alert, and on nothing else; once the device itself reports trouble (an XID, a health FAIL) it
 * recovers by the rule above instead, and the alert's resolution is only evidence.
 *
 * @param workloads affected workload key → its recovery so far
 * @param unschedulable whether the node was last seen cordoned or tainted NoSchedule/NoExecute
 * @param openedBy the fingerprint of the alert that opened the incident and alone keeps it open;
 *     null when device trouble opened it or has since been reported
 */
public record DeviceRecovery(
    IncidentTracker tracker,
    int cleanSamples,
    Map<String, WorkloadRecovery> workloads,
    boolean unschedulable,
    String openedBy) {

  /** One affected workload: in-band windows in a row, or quiet (no measurable traffic). */
  public record WorkloadRecovery(int inBandStreak, boolean quiet) {}

  public DeviceRecovery {
    tracker = tracker == null ? IncidentTracker.empty() : tracker;
    workloads = workloads == null ? Map.of() : Map.copyOf(workloads);
  }

  public static DeviceRecovery empty() {
    return new DeviceRecovery(IncidentTracker.empty(), 0, Map.of(), false, null);
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
        new DeviceRecovery(step.next(), 0, awaited, node.unschedulable(), null), step.emits());
  }

  /**
   * A firing alert a rule maps to a class, that no open incident of its node took: opens (or,
   * within the reopen cooldown, reopens) the incident, which this alert alone keeps open.
   */
  public Transition<DeviceRecovery, Incident> onAlertOpening(
      AlertNotice alert, Instant at, CorrelatorSettings.Lifecycle lifecycle) {
    Transition<IncidentTracker, Incident> step =
        tracker.onTrouble(
            AlertIncidents.draft(alert, at),
            at,
            lifecycle.updateInterval(),
            lifecycle.reopenCooldown(),
            lifecycle.windowsToOpen());
    return new Transition<>(
        new DeviceRecovery(step.next(), 0, Map.of(), unschedulable, alert.fingerprint()),
        step.emits());
  }

  /**
   * An alert about the open incident's node (or GPU, or one of its workloads): joined as evidence.
   * When Alertmanager resolves the alert that opened the incident, the incident resolves with it.
   */
  public Transition<DeviceRecovery, Incident> onAlert(
      AlertNotice alert, Instant at, int alertLimit) {
    if (!active()) {
      return Transition.of(this);
    }
    if (alert.resolved() && alert.fingerprint().equals(openedBy)) {
      Evidence shown =
          IncidentAlerts.joined(tracker.current().evidence(), alert.evidence(), alertLimit);
      Transition<IncidentTracker, Incident> step =
          tracker.resolve(
              at,
              tracker.recoveredBy(at),
              "resolved: Alertmanager resolved "
                  + alert.evidence().alertName()
                  + ", the alert that opened the incident",
              shown);
      return new Transition<>(withTracker(step.next()), step.emits());
    }
    Transition<IncidentTracker, Incident> step =
        IncidentAlerts.join(tracker, alert, at, alertLimit);
    return new Transition<>(withTracker(step.next()), step.emits());
  }

  /**
   * This node-wide incident (an alert's, naming no GPU) handed to a GPU of the node that now
   * reports device trouble: the same incident, under the GPU's tracker from now on, which keeps its
   * own count of incidents so the GPU's later ids never repeat one of its earlier.
   */
  public DeviceRecovery handedTo(DeviceRecovery gpu) {
    return new DeviceRecovery(
        tracker.withOccurrence(gpu.tracker().occurrence()), 0, workloads, unschedulable, openedBy);
  }

  /** What the node-wide tracker keeps once its incident was handed over: its count of incidents. */
  public DeviceRecovery handedOver() {
    return new DeviceRecovery(
        IncidentTracker.empty().withOccurrence(tracker.occurrence()),
        0,
        Map.of(),
        unschedulable,
        null);
  }

  /**
   * A clean sample of the GPU: the first moves OPEN to MITIGATING. An incident an alert keeps open
   * does not hear it: the alert says what the samples do not show.
   */
  public Transition<DeviceRecovery, Incident> onClean(
      Instant at, CorrelatorSettings.Lifecycle lifecycle) {
    if (!active() || openedBy != null) {
      return Transition.of(this);
    }
    int clean = Math.min(cleanSamples + 1, lifecycle.deviceCleanSamplesToResolve());
    Transition<IncidentTracker, Incident> step =
        tracker.mitigate(at, lifecycle.updateInterval(), null);
    return new DeviceRecovery(step.next(), clean, workloads, unschedulable, openedBy)
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
    return new Transition<>(withTracker(step.next()), step.emits());
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
        new DeviceRecovery(tracker, cleanSamples, workloads, node.unschedulable(), openedBy);
    if (!active() || !node.unschedulable() || unschedulable) {
      return Transition.of(next);
    }
    Transition<IncidentTracker, Incident> step =
        tracker.mitigate(
            at,
            lifecycle.updateInterval(),
            String.join("; ", node.notes()) + " at " + at + ": no new work lands on its GPUs");
    return new Transition<>(
        new DeviceRecovery(step.next(), cleanSamples, workloads, true, openedBy), step.emits());
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
    if (!active() || openedBy != null || !deviceClean || !workloadsBack) {
      return new Transition<>(this, pending);
    }
    Transition<IncidentTracker, Incident> step =
        tracker.resolve(at, tracker.recoveredBy(at), resolutionNote(lifecycle));
    return new Transition<>(withTracker(step.next()), step.emits());
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
    return new DeviceRecovery(tracker, cleanSamples, next, unschedulable, openedBy);
  }

  private DeviceRecovery withTracker(IncidentTracker next) {
    return new DeviceRecovery(next, cleanSamples, workloads, unschedulable, openedBy);
  }
}
