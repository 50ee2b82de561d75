package io.strata.deviceingest.presence;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * "A configured field is not a field that has data": per target, the expected fields absent from
 * its page. A change is reported on a target's first scrape when something is missing, and whenever
 * the missing set changes afterwards; never on every scrape.
 */
public final class FieldPresenceTracker {

  private final List<String> expected;
  private final Map<String, List<String>> missingByTarget = new ConcurrentHashMap<>();

  public FieldPresenceTracker(List<String> expected) {
    this.expected =
        expected.stream().map(String::trim).filter(s -> !s.isEmpty()).sorted().distinct().toList();
  }

  /** Records what a successful scrape of {@code target} carried; returns a change to report. */
  public Optional<PresenceChange> observe(String target, Set<String> present) {
    List<String> missing = expected.stream().filter(field -> !present.contains(field)).toList();
    List<String> before = missingByTarget.put(target, missing);
    if (before == null) {
      return missing.isEmpty() ? Optional.empty() : Optional.of(new PresenceChange(missing, true));
    }
    return before.equals(missing)
        ? Optional.empty()
        : Optional.of(new PresenceChange(missing, false));
  }

  /** How many expected fields the target's last successful page lacked; 0 when never scraped. */
  public int missingCount(String target) {
    List<String> missing = missingByTarget.get(target);
    return missing == null ? 0 : missing.size();
  }

  public List<String> expected() {
    return expected;
  }

  public void forgetTarget(String target) {
    missingByTarget.remove(target);
  }

  /**
   * @param missing expected fields now absent, sorted; empty when everything came back
   * @param firstScrape whether this is the target's first successful scrape
   */
  public record PresenceChange(List<String> missing, boolean firstScrape) {
    public boolean resolved() {
      return missing.isEmpty();
    }
  }
}
