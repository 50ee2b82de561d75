package io.strata.correlator.core.request;

import io.strata.events.Correlation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One instance per distinct correlation and GPU id among the open traces. Every span decodes its
 * own copy of its pod's ten correlation attributes and its GPU id; kept as they are, every open
 * trace would hold its own copy, and open traces are most of the correlator's live heap. Bounded:
 * past {@code max} distinct values a map starts over, which costs only sharing.
 *
 * <p>One instance serves every trace task of a correlator instance, on whichever stream thread runs
 * it: spans are partitioned by trace id, so every task sees every pod, and one instance per task
 * would hold each pod's attributes once per task.
 */
public final class SharedValues {

  private static final SharedValues NONE = new SharedValues(0);

  private final int max;
  private final Map<Correlation, Correlation> correlations = new ConcurrentHashMap<>();
  private final Map<String, String> gpus = new ConcurrentHashMap<>();

  private SharedValues(int max) {
    this.max = max;
  }

  /** Shares nothing: every value is returned as given. */
  public static SharedValues none() {
    return NONE;
  }

  /** Shares up to {@code max} distinct correlations and as many GPU ids. */
  public static SharedValues upTo(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be positive, was " + max);
    }
    return new SharedValues(max);
  }

  public Correlation correlation(Correlation value) {
    return max == 0 || value == null ? value : shared(correlations, value);
  }

  public String gpu(String value) {
    return max == 0 || value == null ? value : shared(gpus, value);
  }

  private <T> T shared(Map<T, T> values, T value) {
    T known = values.get(value);
    if (known != null) {
      return known;
    }
    if (values.size() >= max) {
      values.clear();
    }
    known = values.putIfAbsent(value, value);
    return known != null ? known : value;
  }
}
