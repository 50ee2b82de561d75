package io.strata.liverun;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;

/** Percentiles of the injection → incident latencies, nearest rank (so p99 of ten is the worst). */
final class Latencies {

  private Latencies() {}

  static OptionalLong percentile(List<Long> values, double p) {
    if (values.isEmpty()) {
      return OptionalLong.empty();
    }
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.size());
    return OptionalLong.of(sorted.get(Math.max(0, rank - 1)));
  }
}
