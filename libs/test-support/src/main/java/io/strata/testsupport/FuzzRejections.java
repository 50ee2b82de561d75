package io.strata.testsupport;

import java.util.EnumMap;
import java.util.Map;

/**
 * The rejections of a fuzz test, counted per reason, each checked to carry a reason and a detail
 * (issue 16: "every rejection carries a reason"). Plain checks, no assertion library: this module
 * has no dependencies.
 */
public final class FuzzRejections<E extends Enum<E>> {

  private final Map<E, Integer> counts;

  public FuzzRejections(Class<E> reasons) {
    this.counts = new EnumMap<>(reasons);
  }

  /**
   * Counts one rejection.
   *
   * @param where the input, for the failure message
   * @throws AssertionError when the reason is null or the detail blank
   */
  public void count(String where, E reason, String detail) {
    if (reason == null || detail == null || detail.isBlank()) {
      throw new AssertionError(
          "a rejection without a reason or detail (" + reason + ", " + detail + "): " + where);
    }
    counts.merge(reason, 1, Integer::sum);
  }

  /** Rejections per reason so far (a copy, in the enum's order). */
  public Map<E, Integer> counts() {
    return counts.isEmpty() ? Map.of() : new EnumMap<>(counts);
  }
}
