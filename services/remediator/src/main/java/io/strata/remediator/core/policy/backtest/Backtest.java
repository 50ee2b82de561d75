package io.strata.remediator.core.policy.backtest;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.cluster.TargetGateway.NodeCensus;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.UndoTypes;
import io.strata.remediator.core.policy.PolicyRule;
import io.strata.remediator.core.policy.RemediationPolicy;
import io.strata.remediator.core.policy.backtest.DraftSimulation.DraftStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Replays a period through a draft policy (docs/POLICY.md, "Before turning it on: the backtest").
 * The steps are the forward actions the journal recorded (what the planner planned, with its
 * target), first recorded within the period, of incidents known, in the order they were planned:
 * the cluster as the journal saw it. Each is decided by the draft against the incident revision
 * current then, the node's labels and pool, and the draft's own past; see {@link DraftSimulation}.
 * Everything the draft does not decide (records before the period, actions of unknown incidents)
 * stands in the simulated journal as it really was, so the limits start from the real past.
 * Replaying a run with the policy it ran gives its real outcomes back, rule by rule.
 */
public final class Backtest {

  /** Most example lines of differing steps in a report. */
  public static final int MAX_EXAMPLES = 20;

  private static final String DEFAULT_RULE = "default";

  private Backtest() {}

  /**
   * @param incidents the records of strata.incidents.v1 (any revisions, in any order)
   * @param realJournal the journal as recorded
   * @param census the GPU nodes and their pools (what is out of service is not used)
   * @param nodeLabels per node, its labels
   * @param temporaryTypes the action types undone when their incident resolves
   */
  public static BacktestReport run(
      RemediationPolicy draft,
      List<Incident> incidents,
      ActionStore realJournal,
      NodeCensus census,
      Map<String, Map<String, String>> nodeLabels,
      GuardSettings guards,
      Set<ActionType> temporaryTypes,
      Instant since,
      Instant until) {
    IncidentRevisions revisions = new IncidentRevisions(incidents);
    Timeline timeline = new Timeline();
    DraftSimulation simulation =
        new DraftSimulation(
            draft, revisions, realJournal, census, nodeLabels, guards, temporaryTypes, timeline);
    List<RealStep> steps = new ArrayList<>();
    Set<String> replayed = new HashSet<>();
    int skipped = 0;
    for (RemediationAction latest : realJournal.all()) {
      List<RemediationAction> history = realJournal.history(latest.actionId());
      Instant first = history.get(0).updatedAt();
      boolean inPeriod = first != null && !first.isBefore(since) && !first.isAfter(until);
      if (!inPeriod || isUndo(realJournal, latest)) {
        continue;
      }
      if (revisions.knows(latest.incidentId())) {
        steps.add(RealStep.of(history));
        replayed.add(latest.actionId());
      } else {
        skipped++;
      }
    }
    steps.sort(Comparator.comparing(s -> s.first().updatedAt()));
    background(realJournal, replayed, simulation, timeline);
    DraftStep[] decided = new DraftStep[steps.size()];
    for (int i = 0; i < steps.size(); i++) {
      int index = i;
      Instant at = steps.get(i).first().updatedAt();
      timeline.at(at, () -> decided[index] = simulation.decide(steps.get(index), at));
    }
    timeline.runUntil(until);
    return report(draft, since, until, incidents.size(), steps, decided, skipped, simulation);
  }

  private static boolean isUndo(ActionStore journal, RemediationAction action) {
    return UndoTypes.isUndo(action.type()) || journal.undoneBy(action.actionId()).isPresent();
  }

  /**
   * Every record the draft does not decide, at its time: the actions not replayed and their undos
   * (the undos of replayed actions follow the draft's own outcome instead).
   */
  private static void background(
      ActionStore journal, Set<String> replayed, DraftSimulation simulation, Timeline timeline) {
    for (RemediationAction latest : journal.all()) {
      String id = latest.actionId();
      boolean ofReplayed =
          replayed.contains(id)
              || journal.undoneBy(id).map(a -> replayed.contains(a.actionId())).orElse(false);
      if (ofReplayed) {
        continue;
      }
      for (RemediationAction record : journal.history(id)) {
        if (record.updatedAt() != null) {
          timeline.at(record.updatedAt(), () -> simulation.background(record));
        }
      }
    }
  }

  private static BacktestReport report(
      RemediationPolicy draft,
      Instant since,
      Instant until,
      int incidents,
      List<RealStep> steps,
      DraftStep[] decided,
      int skipped,
      DraftSimulation simulation) {
    Map<String, Tally> drafts = new LinkedHashMap<>();
    Map<String, Tally> reals = new LinkedHashMap<>();
    Map<List<String>, Long> pairs = new LinkedHashMap<>();
    List<BacktestReport.Example> examples = new ArrayList<>();
    long differing = 0;
    for (int i = 0; i < steps.size(); i++) {
      RealStep real = steps.get(i);
      DraftStep step = decided[i];
      drafts.computeIfAbsent(step.rule(), r -> new Tally()).add(step.outcome(), step.held());
      reals.computeIfAbsent(real.rule(), r -> new Tally()).add(real.outcome(), real.held());
      if (real.outcome().equals(step.outcome())) {
        continue;
      }
      differing++;
      pairs.merge(List.of(real.outcome().label(), step.outcome().label()), 1L, Long::sum);
      if (examples.size() < MAX_EXAMPLES) {
        RemediationAction a = real.first();
        examples.add(
            new BacktestReport.Example(
                a.actionId(),
                a.incidentId(),
                a.type(),
                a.target() == null ? "" : Actions.targetKey(a.target()),
                step.rule(),
                real.outcome().label(),
                step.outcome().label()));
      }
    }
    List<BacktestReport.RuleReport> rules = new ArrayList<>();
    Tally totalDraft = new Tally();
    Tally totalReal = new Tally();
    long totalErrors = 0;
    for (String rule : ruleNames(draft, drafts.keySet(), reals.keySet())) {
      BacktestReport.Counts d = drafts.getOrDefault(rule, new Tally()).counts();
      BacktestReport.Counts r = reals.getOrDefault(rule, new Tally()).counts();
      long errors = simulation.celErrors().getOrDefault(rule, 0L);
      rules.add(new BacktestReport.RuleReport(rule, d, r, errors));
      totalDraft.addAll(d);
      totalReal.addAll(r);
      totalErrors += errors;
    }
    List<BacktestReport.Difference> differences =
        pairs.entrySet().stream()
            .sorted(
                Map.Entry.<List<String>, Long>comparingByValue()
                    .reversed()
                    .thenComparing(e -> String.join(" ", e.getKey())))
            .map(
                e ->
                    new BacktestReport.Difference(
                        e.getKey().get(0), e.getKey().get(1), e.getValue()))
            .toList();
    return new BacktestReport(
        draft.version(),
        since,
        until,
        incidents,
        steps.size(),
        skipped,
        rules,
        new BacktestReport.RuleReport(
            "total", totalDraft.counts(), totalReal.counts(), totalErrors),
        differences,
        differing,
        examples,
        List.of());
  }

  /** The draft's rules in order, then those only the journal names, then the default. */
  private static List<String> ruleNames(
      RemediationPolicy draft, Set<String> decided, Set<String> recorded) {
    List<String> names = new ArrayList<>();
    draft.rules().stream().map(PolicyRule::name).forEach(names::add);
    Set<String> others = new TreeSet<>(decided);
    others.addAll(recorded);
    others.remove(DEFAULT_RULE);
    others.stream().filter(n -> !names.contains(n)).forEach(names::add);
    boolean used = decided.contains(DEFAULT_RULE) || recorded.contains(DEFAULT_RULE);
    if (used && !names.contains(DEFAULT_RULE)) {
      names.add(DEFAULT_RULE);
    }
    return names;
  }
}
