package io.strata.k8swatcher.reconcile;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The keys of one compacted topic whose latest record is not a tombstone, taken record by record in
 * offset order (the latest record of a key wins), with the rejected records counted per reason. Not
 * thread-safe: one reader fills it.
 */
public final class LiveKeys {

  private final Map<String, Boolean> latestLive = new HashMap<>();
  private final Map<KeyRecord.RejectReason, Integer> rejected =
      new EnumMap<>(KeyRecord.RejectReason.class);

  /** Takes one record in; what it was decided to be. */
  public KeyRecord take(byte[] key, byte[] value) {
    KeyRecord decided = KeyRecord.read(key, value == null);
    if (decided instanceof KeyRecord.Live live) {
      latestLive.put(live.key(), true);
    } else if (decided instanceof KeyRecord.Tombstoned gone) {
      latestLive.put(gone.key(), false);
    } else if (decided instanceof KeyRecord.Rejected r) {
      rejected.merge(r.reason(), 1, Integer::sum);
    }
    return decided;
  }

  public Set<String> keys() {
    return latestLive.entrySet().stream()
        .filter(Map.Entry::getValue)
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  /** Rejected records per reason so far (a copy). */
  public Map<KeyRecord.RejectReason, Integer> rejected() {
    return rejected.isEmpty() ? Map.of() : new EnumMap<>(rejected);
  }
}
