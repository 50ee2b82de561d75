package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.EventMark;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.PodBrief;
import io.strata.correlator.core.state.WorkloadView;
import io.strata.events.Correlation;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.topic.Keys;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Step 2 and 3 of the on-call path: a regressed window is classified by the stage that dominates
 * the regression, and the evidence that stage points at is attached.
 */
public final class RequestClassifier {

  /** p95 at this multiple of its baseline, or this error rate, makes an incident critical. */
  static final double CRITICAL_P95_RATIO = 3.0;

  static final double CRITICAL_ERROR_RATE = 0.25;

  private final CorrelatorSettings.Regression settings;

  public RequestClassifier(CorrelatorSettings.Regression settings) {
    this.settings = settings;
  }

  public IncidentDraft classify(
      WindowVerdict verdict, WindowStats window, Baseline baseline, WorkloadView workload) {
    Correlation id = window.correlation();
    RegressedPlacements placed = RegressedPlacements.of(window, baseline, verdict, settings);
    Set<String> gpuIds = new TreeSet<>(placed.gpus());
    Set<String> podKeys = new TreeSet<>();
    for (AssembledTrace trace : window.exemplars()) {
      if (placed.gpus().isEmpty() && trace.gpuUuid() != null) {
        gpuIds.add(trace.gpuUuid());
      }
      if (trace.correlation().pod() != null
          && (placed.nodes().isEmpty() || placed.nodes().contains(trace.correlation().node()))) {
        podKeys.add(Keys.pod(id.cluster(), id.namespace(), trace.correlation().pod()));
      }
    }
    List<GpuSnapshot> serving = workload.servingGpus(gpuIds, podKeys);
    List<String> notes = new ArrayList<>();
    List<String> k8sEvents = new ArrayList<>();
    List<ActionType> suggested = null;
    IncidentClass incidentClass;
    if (verdict.signal() == Signal.ERROR_RATE) {
      notes.add(
          String.format(
              "error rate %.1f%% vs %.1f%% with latency within its threshold: the workload's"
                  + " requests fail, an application error for its owner, no node action",
              verdict.value() * 100, verdict.baselineValue() * 100));
      incidentClass = IncidentClass.APP_ERROR;
    } else {
      incidentClass =
          switch (verdict.dominantStage()) {
            case QUEUE_WAIT -> queueClass(window, workload, k8sEvents);
            case GPU_EXECUTE -> deviceClass(serving, notes);
            case MODEL_LOAD -> modelLoadClass(window, workload, notes, k8sEvents);
            case BATCH_PREPARE -> IncidentClass.DATA_PATH;
            default -> {
              notes.add(
                  "no path stage clearly dominates the regression: treated as an application"
                      + " error");
              yield IncidentClass.APP_ERROR;
            }
          };
      if (incidentClass == IncidentClass.DEVICE_DEGRADED
          && serving.stream().allMatch(g -> g.anomalies().isEmpty())) {
        // Execution got slower but no GPU shows why: the model or its inputs, not the node.
        suggested = List.of(ActionType.LOWER_CONCURRENCY);
      }
    }
    if (incidentClass == IncidentClass.DEVICE_FAULT) {
      serving.stream()
          .filter(GpuSnapshot::faulted)
          .forEach(
              g ->
                  notes.add(
                      "device fault on "
                          + g.node()
                          + "/"
                          + g.gpuUuid()
                          + ": the node-scoped DEVICE_FAULT incident carries the node action"));
    }
    List<String> nodes =
        new TreeSet<>(
                !placed.nodes().isEmpty()
                    ? placed.nodes()
                    : serving.isEmpty()
                        ? window.nodes()
                        : serving.stream().map(GpuSnapshot::node).toList())
            .stream().toList();
    notes.addAll(placed.notes());
    Scope scope =
        new Scope(
            id.cluster(),
            nodes,
            serving.stream().map(GpuSnapshot::gpuUuid).toList(),
            List.of(id.namespace() + "/" + id.workload()),
            id.modelVersion() == null ? List.of() : List.of(id.modelVersion()),
            nodes.size() == 1,
            true,
            id.modelVersion() != null);
    List<AssembledTrace> exemplars =
        verdict.signal() == Signal.ERROR_RATE && !window.errorExemplars().isEmpty()
            ? window.errorExemplars()
            : window.exemplars();
    Evidence evidence =
        new Evidence(
            exemplars.stream().map(AssembledTrace::toExemplar).toList(),
            serving.stream().map(GpuSnapshot::toEvidence).toList(),
            k8sEvents,
            List.of(),
            notes);
    Trigger trigger =
        new Trigger(
            verdict.signal(),
            verdict.value(),
            verdict.baselineValue(),
            verdict.signal() == Signal.ERROR_RATE ? "ratio" : "ms",
            window.windowStart(),
            window.windowEnd());
    return new IncidentDraft(
        incidentClass,
        severity(incidentClass, window, baseline),
        summary(incidentClass, verdict, id),
        id,
        scope,
        id.namespace() + "/" + id.workload() + "/" + id.modelVersion(),
        trigger,
        verdict.dominantStage(),
        evidence,
        suggested == null ? SuggestedActions.forClass(incidentClass) : suggested);
  }

  private IncidentClass queueClass(WindowStats window, WorkloadView workload, List<String> lines) {
    Instant since = window.windowEnd().minus(settings.allocationEvidenceLookback());
    List<EventMark> failures =
        workload.eventsSince(since).stream().filter(e -> e.reason().isAllocationFailure()).toList();
    failures.forEach(e -> lines.add(e.line()));
    workload.pods().values().stream()
        .filter(PodBrief::waitingForAllocation)
        .sorted(java.util.Comparator.comparing(PodBrief::podKey))
        .forEach(
            p -> lines.add("pending " + p.podKey() + " requests " + p.gpusRequested() + " GPU"));
    return failures.isEmpty() ? IncidentClass.QUEUE_BACKLOG : IncidentClass.ALLOCATION_FAILURE;
  }

  private static IncidentClass deviceClass(List<GpuSnapshot> serving, List<String> notes) {
    if (serving.stream().anyMatch(GpuSnapshot::faulted)) {
      return IncidentClass.DEVICE_FAULT;
    }
    if (serving.stream().noneMatch(g -> !g.anomalies().isEmpty())) {
      notes.add("no device anomaly on the serving GPUs");
    }
    serving.stream()
        .filter(g -> !g.anomalies().isEmpty())
        .forEach(g -> notes.add(g.node() + "/" + g.gpuUuid() + ": " + g.anomalies()));
    return IncidentClass.DEVICE_DEGRADED;
  }

  private IncidentClass modelLoadClass(
      WindowStats window, WorkloadView workload, List<String> notes, List<String> lines) {
    String version = window.correlation().modelVersion();
    Instant since = window.windowEnd().minus(settings.modelChangeLookback());
    Map<String, Instant> versions = workload.modelVersions();
    Instant firstSeen = version == null ? null : versions.get(version);
    if (firstSeen != null && !firstSeen.isBefore(since)) {
      String previous =
          versions.entrySet().stream()
              .filter(e -> e.getValue().isBefore(firstSeen))
              .max(Map.Entry.comparingByValue())
              .map(Map.Entry::getKey)
              .orElse(null);
      notes.add(
          "model_version "
              + version
              + " first seen at "
              + firstSeen
              + (previous == null ? "" : " (previous " + previous + ")"));
    }
    Set<WorkloadEventReason> loadReasons =
        Set.of(
            WorkloadEventReason.PULLING,
            WorkloadEventReason.PULLED,
            WorkloadEventReason.BACK_OFF,
            WorkloadEventReason.CRASH_LOOP_BACK_OFF,
            WorkloadEventReason.KILLING);
    workload.eventsSince(since).stream()
        .filter(e -> loadReasons.contains(e.reason()))
        .forEach(e -> lines.add(e.line()));
    String restarts =
        workload.pods().values().stream()
            .filter(p -> p.restartCount() > 0)
            .sorted(java.util.Comparator.comparing(PodBrief::podKey))
            .map(p -> p.podKey() + " restarted " + p.restartCount() + "x")
            .collect(Collectors.joining("; "));
    if (!restarts.isEmpty()) {
      notes.add(restarts);
    }
    return IncidentClass.MODEL_LOAD;
  }

  private static Severity severity(
      IncidentClass incidentClass, WindowStats window, Baseline baseline) {
    if (incidentClass == IncidentClass.DEVICE_FAULT
        || window.errorRate() >= CRITICAL_ERROR_RATE
        || (baseline.p95() > 0 && window.p95() >= baseline.p95() * CRITICAL_P95_RATIO)) {
      return Severity.CRITICAL;
    }
    return Severity.WARNING;
  }

  private static String summary(
      IncidentClass incidentClass, WindowVerdict verdict, Correlation id) {
    String what =
        verdict.signal() == Signal.ERROR_RATE
            ? String.format(
                "error rate %.1f%% vs %.1f%%", verdict.value() * 100, verdict.baselineValue() * 100)
            : String.format("p95 %.0f ms vs %.0f ms", verdict.value(), verdict.baselineValue());
    String stage =
        verdict.dominantStage() == Stage.UNSPECIFIED
            ? ""
            : ", " + verdict.dominantStage() + " dominates";
    return incidentClass
        + ": "
        + id.namespace()
        + "/"
        + id.workload()
        + " "
        + id.modelVersion()
        + " "
        + what
        + stage;
  }
}
