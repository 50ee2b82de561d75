package io.strata.deviceingest.scrape;

import java.nio.charset.StandardCharsets;

/**
 * Spreads the scrapes of one interval over the whole interval instead of one burst per tick: the
 * interval is cut into slots and each target is scraped in its own slot, chosen by a stable hash of
 * its URL (the same slot every interval and on every replica, so a target's samples stay evenly
 * spaced and a restart does not bunch them).
 */
public final class ScrapeSpread {

  /** Slots are at least this long: a finer ticker costs more than it smooths. */
  static final long MIN_SLOT_MILLIS = 50;

  /** At most this many slots per interval (a 15 s interval: 300 slots of 50 ms). */
  static final int MAX_SLOTS = 1000;

  private ScrapeSpread() {}

  /** How many slots an interval of {@code intervalMillis} has (at least 1). */
  public static int slots(long intervalMillis) {
    return (int) Math.max(1, Math.min(MAX_SLOTS, intervalMillis / MIN_SLOT_MILLIS));
  }

  /** The target's slot in {@code [0, slots)}. */
  public static int slot(String url, int slots) {
    return (int) Long.remainderUnsigned(mix(url), slots);
  }

  /** FNV-1a then the SplitMix64 finaliser: cheap, stable across JVMs, well spread. */
  private static long mix(String url) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : url.getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    hash = (hash ^ (hash >>> 30)) * 0xbf58476d1ce4e5b9L;
    hash = (hash ^ (hash >>> 27)) * 0x94d049bb133111ebL;
    return hash ^ (hash >>> 31);
  }
}
