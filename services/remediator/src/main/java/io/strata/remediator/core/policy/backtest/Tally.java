package io.strata.remediator.core.policy.backtest;

import io.strata.remediator.core.policy.Held;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Counts outcomes into {@link BacktestReport.Counts}, one side of one rule. */
final class Tally {

  private long steps;
  private long observed;
  private long proposed;
  private long executed;
  private long executedByPolicy;
  private long failed;
  private final Map<String, Long> held = new TreeMap<>();
  private final Map<String, Long> refused = new TreeMap<>();

  void add(Outcome outcome, Optional<Held.Limit> heldBy) {
    steps++;
    heldBy.ifPresent(limit -> held.merge(limit.name(), 1L, Long::sum));
    switch (outcome.kind()) {
      case OBSERVED -> observed++;
      case PROPOSED -> proposed++;
      case EXECUTED_BY_PERSON -> executed++;
      case EXECUTED_BY_POLICY -> {
        executed++;
        executedByPolicy++;
      }
      case REFUSED -> refused.merge(outcome.refusal(), 1L, Long::sum);
      case FAILED -> failed++;
    }
  }

  void addAll(BacktestReport.Counts counts) {
    steps += counts.steps();
    observed += counts.observed();
    proposed += counts.proposed();
    executed += counts.executed();
    executedByPolicy += counts.executedByPolicy();
    failed += counts.failed();
    counts.held().forEach((k, v) -> held.merge(k, v, Long::sum));
    counts.refused().forEach((k, v) -> refused.merge(k, v, Long::sum));
  }

  BacktestReport.Counts counts() {
    return new BacktestReport.Counts(
        steps, observed, proposed, executed, executedByPolicy, held, refused, failed);
  }
}
