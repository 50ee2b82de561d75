package io.strata.console.core;

import io.strata.events.alert.AlertEvent;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.trace.Stage;
import io.strata.loglinks.LogLinks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the console follows, fed by the topic readers (incidents, actions, reviews, alerts)
 * and the workload poller, every part bounded by {@link ConsoleLimits}. Spans, samples and XIDs are
 * not followed: a page is built with the {@link IncidentTelemetry} read for its incident on demand
 * (TelemetryPlanner). Reads build the list and page views; all methods are synchronized (each read
 * is a few milliseconds even with thousands of incidents, see ConsoleBenchmark).
 */
public final class ConsoleState {

  /** How far around the fault the GPU fields and XIDs are shown. */
  static final Duration AROUND_FAULT = Duration.ofMinutes(5);

  /** At most this many GPUs of one incident get sparklines. */
  static final int GPUS_PER_PAGE = 8;

  private final ConsoleLimits limits;
  private final IncidentBook incidents;
  private final ActionBook actions;
  private final Bounded<String, ReviewRecord> reviews;
  private final WorkloadSeries workloads;
  private final AlertBook alerts;
  private final UnverifiedRecords unverified;
  private final LogLinks logLinks;

  public ConsoleState(ConsoleLimits limits) {
    this(limits, LogLinks.none());
  }

  /**
   * @param logLinks the log link templates of the incident pages ({@link IncidentLogLinks})
   */
  public ConsoleState(ConsoleLimits limits, LogLinks logLinks) {
    this.limits = limits;
    this.logLinks = logLinks;
    this.incidents = new IncidentBook(limits.incidents(), limits.revisionsPerIncident());
    this.actions = new ActionBook(limits.incidents(), limits.statesPerAction());
    this.reviews = new Bounded<>(limits.incidents());
    this.workloads = new WorkloadSeries(limits.incidents(), limits.windowsPerWorkload());
    this.alerts = new AlertBook(limits.alerts(), limits.resolvedAlertRetention());
    this.unverified = new UnverifiedRecords(limits.unverifiedRecords());
  }

  public synchronized void incident(Incident incident) {
    incidents.add(incident);
  }

  /** A tombstone on the compacted incidents topic. */
  public synchronized void forgetIncident(String incidentId) {
    incidents.forget(incidentId);
  }

  /** A journal record whose signature verified (ADR 052): the action's next state. */
  public synchronized void action(RemediationAction action) {
    actions.add(action);
  }

  /** A journal record whose signature did not verify: listed, never an action's state. */
  public synchronized void unverified(UnverifiedRecord record) {
    unverified.add(record);
  }

  /** The kept records that failed verification, the newest first. */
  public synchronized List<UnverifiedRecord> unverifiedRecords() {
    return unverified.all();
  }

  public synchronized void review(ReviewRecord review) {
    reviews.write(review.incidentId(), review);
  }

  /** An Alertmanager alert's latest record (strata.alerts.v1). */
  public synchronized void alert(AlertEvent alert) {
    alerts.add(alert);
  }

  /**
   * The alerts no incident carries as evidence (matched by fingerprint against every held
   * incident's {@code evidence.alerts}), the newest first; resolved ones until their retention.
   */
  public synchronized List<AlertRow> contextAlerts(Instant now) {
    return ContextAlerts.of(alerts.current(now), incidents.latestAll());
  }

  public synchronized void window(
      String workloadKey, WindowPoint window, Map<String, BaselineBand> baselines) {
    workloads.add(workloadKey, window, baselines);
  }

  /** Open incidents first, then mitigating, then resolved; newest first within each. */
  public synchronized List<IncidentRow> list(IncidentQuery query, Instant now) {
    List<IncidentRow> rows = new ArrayList<>();
    for (Incident incident : incidents.latestAll()) {
      if (query.matches(incident)) {
        rows.add(IncidentRow.of(incident, pending(incident.incidentId()), now));
      }
    }
    rows.sort(
        Comparator.comparingInt((IncidentRow r) -> stateOrder(r.state()))
            .thenComparing(IncidentRow::openedAt, Comparator.nullsLast(Comparator.reverseOrder())));
    return rows;
  }

  private int pending(String incidentId) {
    int pending = 0;
    for (List<RemediationAction> history : actions.forIncident(incidentId)) {
      if (!history.isEmpty() && history.get(history.size() - 1).state() == ActionState.PROPOSED) {
        pending++;
      }
    }
    return pending;
  }

  private static int stateOrder(IncidentState state) {
    return switch (state) {
      case OPEN -> 0;
      case MITIGATING -> 1;
      case RESOLVED -> 2;
      default -> 3;
    };
  }

  /** An incident's latest revision and its kept revisions (oldest first), to plan its reads. */
  public record Detail(Incident latest, List<Incident> revisions) {}

  public synchronized Optional<Detail> detail(String incidentId) {
    return incidents
        .latest(incidentId)
        .map(latest -> new Detail(latest, List.copyOf(incidents.revisions(incidentId))));
  }

  /**
   * The page of an incident, its GPU, XID and span views from {@code telemetry} (what was read for
   * it; {@link IncidentTelemetry#none} when nothing could be).
   */
  public synchronized Optional<IncidentPage> page(
      String incidentId, Instant now, Boolean paused, IncidentTelemetry telemetry) {
    Optional<Incident> latest = incidents.latest(incidentId);
    if (latest.isEmpty()) {
      return Optional.empty();
    }
    Incident incident = latest.get();
    Instant opened = incident.openedAt() == null ? now : incident.openedAt();
    Instant until = incident.resolvedAt() == null ? now : incident.resolvedAt().plus(AROUND_FAULT);
    Instant from = opened.minus(AROUND_FAULT);

    List<List<RemediationAction>> histories = actions.forIncident(incidentId);
    Map<String, List<GpuHistory.Point>> samples = new LinkedHashMap<>();
    Map<String, String> targets = new LinkedHashMap<>();
    Map<String, HealthStatus> health = new LinkedHashMap<>();
    List<XidEvent> incidentXids = new ArrayList<>();
    for (String gpu : TelemetryPlanner.gpusOf(incident)) {
      if (telemetry.hasSamples(gpu)) {
        samples.put(gpu, telemetry.samples(gpu, from, until));
        targets.put(gpu, telemetry.target(gpu));
        health.put(gpu, telemetry.health(gpu));
      }
      incidentXids.addAll(telemetry.xids(gpu, from, until));
    }
    ReviewRecord review = reviews.get(incidentId);
    String modelVersion =
        incident.scope().modelVersions().isEmpty()
            ? incident.correlation().modelVersion()
            : incident.scope().modelVersions().get(0);

    List<Waterfall> waterfalls = new ArrayList<>();
    for (ExemplarTrace exemplar : incident.evidence().exemplarTraces()) {
      waterfalls.add(Waterfall.of(exemplar, telemetry.spans(exemplar.traceId()), modelVersion));
    }
    WorkloadSeries.Series series = workloadKey(incident).map(workloads::get).orElse(null);
    List<WindowPoint> windows = series == null ? List.of() : series.windows();
    Map<String, BaselineBand> baselines = series == null ? Map.of() : series.baselines();
    BaselineBand base =
        modelVersion != null && baselines.containsKey(modelVersion)
            ? baselines.get(modelVersion)
            : baselines.values().stream().findFirst().orElse(null);

    List<IncidentPage.GpuSparklines> gpuLines = new ArrayList<>();
    samples.forEach(
        (gpu, points) ->
            gpuLines.add(
                new IncidentPage.GpuSparklines(
                    gpu, nodeOf(incident, gpu), Sparklines.gpu(points, opened))));
    List<PlanItem> plan = new ArrayList<>();
    List<RemediationAction> latestActions = new ArrayList<>();
    Instant firstExecution = null;
    for (List<RemediationAction> history : histories) {
      RemediationAction last = history.get(history.size() - 1);
      plan.add(PlanItem.of(last, paused));
      latestActions.add(last);
      for (RemediationAction state : history) {
        if (state.state() == ActionState.EXECUTED && !state.dryRun()) {
          firstExecution = Timeline.first(firstExecution, state.updatedAt());
        }
      }
    }
    plan.sort(
        Comparator.comparing(PlanItem::updatedAt, Comparator.nullsLast(Comparator.naturalOrder())));
    return Optional.of(
        new IncidentPage(
            IncidentRow.of(incident, pending(incidentId), now),
            incident,
            Timeline.of(incidents.revisions(incidentId), incidentXids, samples, histories, review),
            waterfalls,
            Sparklines.workload(
                windows, base, dominantStage(incident), limits.recoveryBand(), opened),
            gpuLines,
            EvidenceCards.of(incident, targets),
            IncidentAlert.of(incident),
            IncidentLogLinks.of(logLinks, incident, latestActions),
            plan,
            Verification.of(
                incident, firstExecution, windows, baselines, health, limits.recoveryBand()),
            review == null ? null : ReviewView.of(review),
            paused,
            unverified.forIncident(incidentId)));
  }

  /** The incident's longest stage, else (device incidents) that of its first exemplar trace. */
  private static Stage dominantStage(Incident incident) {
    if (incident.longestStage() != Stage.UNSPECIFIED) {
      return incident.longestStage();
    }
    return incident.evidence().exemplarTraces().stream()
        .map(ExemplarTrace::longestStage)
        .findFirst()
        .orElse(Stage.UNSPECIFIED);
  }

  private static String nodeOf(Incident incident, String gpu) {
    return incident.evidence().devices().stream()
        .filter(d -> gpu.equals(d.gpuUuid()))
        .map(d -> d.node())
        .findFirst()
        .orElse(incident.scope().nodes().isEmpty() ? null : incident.scope().nodes().get(0));
  }

  /** {@code cluster/namespace/workload} of the incident's primary workload, if it has one. */
  static Optional<String> workloadKey(Incident incident) {
    String cluster =
        incident.correlation().cluster() != null
            ? incident.correlation().cluster()
            : incident.scope().cluster();
    if (cluster == null) {
      return Optional.empty();
    }
    if (incident.correlation().namespace() != null && incident.correlation().workload() != null) {
      return Optional.of(
          cluster
              + "/"
              + incident.correlation().namespace()
              + "/"
              + incident.correlation().workload());
    }
    return incident.scope().workloads().stream().findFirst().map(w -> cluster + "/" + w);
  }

  public synchronized Optional<ReviewRecord> reviewRecord(String incidentId) {
    return Optional.ofNullable(reviews.get(incidentId));
  }

  /** Workloads of the newest incidents not yet resolved (and recently resolved ones), to poll. */
  public synchronized List<String> workloadsToPoll(int max, Instant now) {
    return incidents.latestAll().stream()
        .filter(
            i ->
                i.state() != IncidentState.RESOLVED
                    || (i.resolvedAt() != null && i.resolvedAt().isAfter(now.minus(AROUND_FAULT))))
        .sorted(
            Comparator.comparing(
                Incident::openedAt, Comparator.nullsLast(Comparator.reverseOrder())))
        .map(ConsoleState::workloadKey)
        .flatMap(Optional::stream)
        .distinct()
        .limit(max)
        .toList();
  }

  /** How full each store is, for the metrics. */
  public synchronized Map<String, Integer> sizes() {
    return Map.of(
        "incidents", incidents.size(),
        "reviews", reviews.size(),
        "alerts", alerts.size(),
        "unverified_records", unverified.size());
  }
}
