package io.strata.deviceingest.scrape;

import io.strata.events.device.FindingReason;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers, per target, whether it is failing and which parse errors and naming problems it had,
 * so findings are published on changes (a target starts failing, fails differently, recovers) and
 * not per scrape.
 */
public final class ScrapeOutcomeTracker {

  private final Map<String, Failing> failing = new ConcurrentHashMap<>();
  private final Map<String, Map<Integer, String>> parseErrors = new ConcurrentHashMap<>();
  private final Map<String, Set<String>> namingProblems = new ConcurrentHashMap<>();

  /**
   * Records a failure; returns the consecutive failure count when it is new or its reason changed.
   */
  public Optional<Long> failed(String target, FindingReason reason) {
    Failing before = failing.get(target);
    long count = before == null ? 1 : before.count + 1;
    failing.put(target, new Failing(reason, count));
    return before == null || before.reason != reason ? Optional.of(count) : Optional.empty();
  }

  /** Records a success; returns the reason the target had been failing with, if it was. */
  public Optional<FindingReason> succeeded(String target) {
    Failing before = failing.remove(target);
    return before == null ? Optional.empty() : Optional.of(before.reason);
  }

  /** Records a page's malformed lines; true when they differ from the previous page's and exist. */
  public boolean parseErrorsChanged(String target, Map<Integer, String> lineErrors) {
    Map<Integer, String> before = parseErrors.put(target, lineErrors);
    return !lineErrors.isEmpty() && !lineErrors.equals(before);
  }

  /**
   * Records a page's naming problems (distinct descriptions); true when they differ from the
   * previous page's, appearing, changing or gone (a target's first page without any is no change).
   */
  public boolean namingProblemsChanged(String target, Set<String> problems) {
    Set<String> before = namingProblems.put(target, problems);
    return !problems.equals(before == null ? Set.of() : before);
  }

  public boolean isFailing(String target) {
    return failing.containsKey(target);
  }

  public void forgetTarget(String target) {
    failing.remove(target);
    parseErrors.remove(target);
    namingProblems.remove(target);
  }

  private record Failing(FindingReason reason, long count) {}
}
