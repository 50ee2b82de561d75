package io.strata.remediator.core.policy.backtest;

import io.strata.events.remediation.ActionType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a draft policy would have done with the steps planned over a period, per rule, next to what
 * really happened, and where the two differ.
 *
 * @param policyVersion the draft's digest
 * @param incidents incident records the replay was given
 * @param steps the planned steps replayed
 * @param skippedUnknownIncident steps first recorded within the period whose incident was not among
 *     those records (not replayed)
 * @param rules per rule of either side, the draft's rules in order, then the rules only the journal
 *     names, then {@code default}
 * @param total every rule together
 * @param differences per (real → draft) pair of outcomes that differ, most frequent first
 * @param differing steps whose outcome differs
 * @param examples up to {@link Backtest#MAX_EXAMPLES} of them, in the order they were planned
 * @param notes what limited the replay (for example records not read), for people
 */
public record BacktestReport(
    String policyVersion,
    Instant since,
    Instant until,
    int incidents,
    int steps,
    int skippedUnknownIncident,
    List<RuleReport> rules,
    RuleReport total,
    List<Difference> differences,
    long differing,
    List<Example> examples,
    List<String> notes) {

  public BacktestReport {
    rules = List.copyOf(rules);
    differences = List.copyOf(differences);
    examples = List.copyOf(examples);
    notes = List.copyOf(notes);
  }

  /** The same report with one more note. */
  public BacktestReport withNote(String note) {
    List<String> more = new ArrayList<>(notes);
    more.add(note);
    return new BacktestReport(
        policyVersion,
        since,
        until,
        incidents,
        steps,
        skippedUnknownIncident,
        rules,
        total,
        differences,
        differing,
        examples,
        more);
  }

  /**
   * One rule's steps under the draft (those it decided) and in reality (those it decided then).
   *
   * @param celErrors evaluations of the draft rule's match that failed (treated as no match)
   */
  public record RuleReport(String rule, Counts draft, Counts real, long celErrors) {}

  /**
   * Steps by outcome: {@code observed + proposed + executed + refused + failed = steps}.
   *
   * @param proposed proposed to a person who did not execute them
   * @param executed executed, by a person or by the rule on its own
   * @param executedByPolicy of those, by the rule on its own (AUTO)
   * @param held AUTO steps held back by a limit (then proposed), per {@code Held.Limit}
   * @param refused refused after approval, per reason ({@code BLAST_RADIUS_LIMIT:NODE_SHARE})
   */
  public record Counts(
      long steps,
      long observed,
      long proposed,
      long executed,
      long executedByPolicy,
      Map<String, Long> held,
      Map<String, Long> refused,
      long failed) {

    public Counts {
      // Sorted by name, so the same replay prints the same.
      held = Collections.unmodifiableMap(new TreeMap<>(held));
      refused = Collections.unmodifiableMap(new TreeMap<>(refused));
    }
  }

  /** How many steps had {@code real} in reality and {@code draft} under the draft. */
  public record Difference(String real, String draft, long count) {}

  /** One step whose outcome differs. */
  public record Example(
      String actionId,
      String incidentId,
      ActionType type,
      String target,
      String rule,
      String real,
      String draft) {

    /** {@code act-1 inc-1 CORDON_NODE gpu-1: EXECUTED_BY_PERSON → OBSERVED}. */
    public String line() {
      return actionId + " " + incidentId + " " + type + " " + target + ": " + real + " → " + draft;
    }
  }
}
