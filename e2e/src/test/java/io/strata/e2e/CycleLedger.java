package io.strata.e2e;

import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The ledger of one fault (docs/E2E.md, "the ledger, per case"): records lost on the log or never
 * consumed, the live incidents per failed node, and per approved action the patches the mock API
 * applied and the EXECUTED records journaled.
 */
final class CycleLedger {

  private static final Duration CONSUME_TIMEOUT = Duration.ofSeconds(60);

  private final StrataSystem system;
  private final TopicRecorder recorder;
  private final TopicAudit audit;
  private final CycleJournal journal;
  private final Instant since;
  private final TopicAudit.LogCount before;

  /**
   * @param before the log's count before the fault
   */
  CycleLedger(
      StrataSystem system,
      TopicRecorder recorder,
      TopicAudit audit,
      CycleJournal journal,
      TopicAudit.LogCount before,
      Instant since) {
    this.system = system;
    this.recorder = recorder;
    this.audit = audit;
    this.journal = journal;
    this.since = since;
    this.before = before;
  }

  /** The row, once everything the fault produced could have been consumed. */
  FaultRow finish(
      String fault, long victimPid, long secondsDown, Set<String> approved, Set<String> failed) {
    Map<String, Long> lostOnLog = TopicAudit.lost(before, audit.countUpTo(before.end()));
    Map<String, Long> unconsumed = audit.unconsumed(audit.count(), CONSUME_TIMEOUT);
    Map<String, Long> patches = new LinkedHashMap<>();
    Map<String, Long> executed = new LinkedHashMap<>();
    int refused = 0;
    long patchesOfRefused = 0;
    for (String actionId : approved) {
      long applied = system.simulator().patchLog().applied(actionId);
      if (journal.refused(actionId)) {
        refused++;
        patchesOfRefused += applied;
      } else {
        patches.put(actionId, applied);
        executed.put(actionId, journal.executed(actionId));
      }
    }
    Map<String, Set<String>> perNode = incidentsPerNode(failed);
    Set<String> ids = incidentIds(failed);
    int signalsLost = (int) perNode.values().stream().filter(Set::isEmpty).count();
    long covering = perNode.values().stream().flatMap(Set::stream).distinct().count();
    int duplicated =
        perNode.values().stream().mapToInt(s -> Math.max(0, s.size() - 1)).sum()
            + (int) (ids.size() - covering);
    return new FaultRow(
        fault,
        victimPid,
        secondsDown,
        lostOnLog,
        unconsumed,
        ids.size(),
        signalsLost,
        duplicated,
        patches,
        executed,
        refused,
        patchesOfRefused);
  }

  /** Per failed node, the ids of the live incidents holding it in their scope. */
  Map<String, Set<String>> incidentsPerNode(Set<String> failed) {
    Map<String, Set<String>> perNode = new LinkedHashMap<>();
    for (String node : failed) {
      perNode.put(
          node,
          recorder
              .since(
                  Topics.INCIDENTS,
                  since,
                  i -> i.state() != IncidentState.RESOLVED && i.scope().nodes().contains(node))
              .stream()
              .map(o -> o.value().incidentId())
              .collect(Collectors.toCollection(TreeSet::new)));
    }
    return perNode;
  }

  /**
   * Ids of the incidents live (OPEN or MITIGATING) since the fault began whose scope is a failed
   * node or the workload on its GPU: the request-level view of the fault must join the device
   * incident.
   */
  Set<String> incidentIds(Set<String> failed) {
    return recorder
        .since(
            Topics.INCIDENTS,
            since,
            i ->
                i.state() != IncidentState.RESOLVED
                    && (i.scope().nodes().stream().anyMatch(failed::contains)
                        || i.scope().workloads().stream().anyMatch(w -> w.endsWith("/llm-serve"))))
        .stream()
        .map(o -> o.value().incidentId())
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
