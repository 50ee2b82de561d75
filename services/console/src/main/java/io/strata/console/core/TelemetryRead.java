package io.strata.console.core;

import java.time.Instant;
import java.util.Set;

/**
 * One partition of one telemetry topic, read between two record times for a few keys.
 *
 * @param keys GPU UUIDs (samples, XIDs: the last part of the record key {@code
 *     cluster/node/gpu_uuid}) or trace ids (spans: the whole record key)
 * @param followsNow the incident is still open: {@code to} is "now", so the read never completes
 *     and later refreshes continue it at its tail
 */
public record TelemetryRead(
    TelemetryKind kind,
    int partition,
    Instant from,
    Instant to,
    boolean followsNow,
    Set<String> keys) {

  public TelemetryRead {
    keys = Set.copyOf(keys);
  }

  /** Whether a record with this Kafka key is one this read looks for (no value decoded yet). */
  public boolean wants(String recordKey) {
    if (recordKey == null) {
      return false;
    }
    if (kind == TelemetryKind.SPANS) {
      return keys.contains(recordKey);
    }
    int last = recordKey.lastIndexOf('/');
    return last >= 0 && keys.contains(recordKey.substring(last + 1));
  }

  /**
   * What makes two plans the same read (for an open incident {@code to} moves with the clock, so it
   * is not part of it).
   */
  String identity() {
    return kind
        + "/"
        + partition
        + "/"
        + from
        + "/"
        + (followsNow ? "now" : String.valueOf(to))
        + "/"
        + new java.util.TreeSet<>(keys);
  }
}
