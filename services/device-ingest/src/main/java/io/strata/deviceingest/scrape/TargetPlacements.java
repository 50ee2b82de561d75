package io.strata.deviceingest.scrape;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per target, its slot of the interval ({@link ScrapeSpread}) and the node it is sharded by, worked
 * out once: the ticker looks at every target several times a second, and both need the URL hashed
 * or parsed.
 */
final class TargetPlacements {

  private record Placement(int slot, String node) {}

  private final Map<ScrapeTarget, Placement> placements = new ConcurrentHashMap<>();
  private final int slots;

  /** {@code slots}: how many ticks one interval has; 1 scrapes every target in one burst. */
  TargetPlacements(int slots) {
    this.slots = slots;
  }

  int slots() {
    return slots;
  }

  /** Whether the target is scraped in the tick of {@code slot}. */
  boolean inSlot(ScrapeTarget target, int slot) {
    return slots == 1 || placement(target).slot() == slot;
  }

  /** The node whose shard owner scrapes the target. */
  String node(ScrapeTarget target) {
    return placement(target).node();
  }

  void forget(String url) {
    placements.keySet().removeIf(target -> target.url().equals(url));
  }

  private Placement placement(ScrapeTarget target) {
    return placements.computeIfAbsent(
        target, t -> new Placement(ScrapeSpread.slot(t.url(), slots), t.fallbackNode()));
  }
}
