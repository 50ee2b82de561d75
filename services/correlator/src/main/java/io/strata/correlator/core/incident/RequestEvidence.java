package io.strata.correlator.core.incident;

import io.strata.events.incident.Evidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload's request regression seen while a device incident affects it: the same fault from the
 * request side, carried to that incident as evidence rather than opened as a second incident.
 *
 * @param workloadKey the regressed workload (cluster/namespace/workload)
 * @param line what regressed, one line (signal, value against baseline, window, dominant stage)
 * @param exemplars the window's slowest requests
 * @param decidedAt when the window was judged
 */
public record RequestEvidence(
    String workloadKey, String line, List<ExemplarTrace> exemplars, Instant decidedAt) {

  public RequestEvidence {
    exemplars = exemplars == null ? List.of() : List.copyOf(exemplars);
  }

  /** One line for a regression's trigger: signal, value against baseline, window, stage. */
  public static String line(Trigger trigger, Stage dominant) {
    String what =
        trigger.signal() == Signal.ERROR_RATE
            ? String.format(
                "error rate %.1f%% vs %.1f%%", trigger.value() * 100, trigger.baseline() * 100)
            : String.format("p95 %.0f ms vs %.0f ms", trigger.value(), trigger.baseline());
    return what
        + " in the window "
        + trigger.windowStart()
        + " to "
        + trigger.windowEnd()
        + (dominant == Stage.UNSPECIFIED ? "" : ", " + dominant + " rose most");
  }

  /**
   * Fresh device evidence with the request regressions already joined to the incident carried over:
   * a new device sample refreshes the device view, it does not forget the request view.
   */
  public static Evidence carryOver(Evidence current, Evidence fresh) {
    List<String> joined = current.notes().stream().filter(n -> n.startsWith(NOTE_START)).toList();
    if (joined.isEmpty()) {
      return fresh;
    }
    List<String> notes = new ArrayList<>(fresh.notes());
    joined.stream().filter(n -> !notes.contains(n)).forEach(notes::add);
    return new Evidence(
        fresh.exemplarTraces(),
        fresh.devices(),
        fresh.k8sEvents(),
        fresh.findings(),
        notes,
        fresh.alerts());
  }

  private static final String NOTE_START = "request regression of ";

  /** The prefix of this workload's line among the notes: one line per workload, the newest. */
  String notePrefix() {
    return NOTE_START + workloadKey + ": ";
  }

  /**
   * The evidence with this regression joined in: the workload's previous regression line replaced
   * by this one, this window's exemplars first, at most {@code exemplarLimit} traces in all.
   */
  public Evidence joinInto(Evidence evidence, int exemplarLimit) {
    List<String> notes = new ArrayList<>();
    evidence.notes().stream().filter(n -> !n.startsWith(notePrefix())).forEach(notes::add);
    notes.add(notePrefix() + line);
    Map<String, ExemplarTrace> traces = new LinkedHashMap<>();
    for (ExemplarTrace trace : exemplars) {
      traces.putIfAbsent(trace.traceId(), trace);
    }
    for (ExemplarTrace trace : evidence.exemplarTraces()) {
      traces.putIfAbsent(trace.traceId(), trace);
    }
    List<ExemplarTrace> kept = traces.values().stream().limit(Math.max(0, exemplarLimit)).toList();
    return new Evidence(
        kept,
        evidence.devices(),
        evidence.k8sEvents(),
        evidence.findings(),
        notes,
        evidence.alerts());
  }
}
