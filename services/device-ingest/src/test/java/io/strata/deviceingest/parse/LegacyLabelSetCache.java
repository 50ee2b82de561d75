package io.strata.deviceingest.parse;

/**
 * Recently parsed label sets, by their raw text. dcgm-exporter writes a GPU's labels identically on
 * every line of that GPU and on every scrape (render_metrics.go renders them from one template), so
 * a label set seen before is recognised by comparing its text and its parsed names and values are
 * copied instead of parsed again: on a page of 8 GPUs and 32 fields, a few dozen label sets stand
 * for hundreds of lines. Lossy and bounded: a fixed table of {@code WAYS} entries per slot, the
 * slot chosen by a hash of the candidate set (from the '{' to the line's last '}': its length and
 * characters spread over it), so the variants of one GPU (health watches, XID codes), which share
 * their first hundred characters, land in different slots; a miss only costs the normal parse.
 */
final class LegacyLabelSetCache {

  private static final int WAYS = 4;

  /** A label set as written (from '{' to '}' inclusive) and what it parsed to. */
  private record Entry(String raw, String[] names, String[] values) {}

  private final Entry[] table;
  private final int mask;
  private final int[] nextWay;

  LegacyLabelSetCache(int slotsPowerOfTwo) {
    if (Integer.bitCount(slotsPowerOfTwo) != 1) {
      throw new IllegalArgumentException("slots must be a power of two: " + slotsPowerOfTwo);
    }
    table = new Entry[slotsPowerOfTwo * WAYS];
    nextWay = new int[slotsPowerOfTwo];
    mask = slotsPowerOfTwo - 1;
  }

  /**
   * The end of the candidate label set that starts at {@code text[start]} (its '{'): after the
   * line's last '}', or -1 when there is none. Usually the set's own closing brace (a sample value
   * and timestamp hold none); when not (an OpenMetrics exemplar), the lookup just misses.
   */
  static int candidateEnd(String text, int start, int end) {
    int close = text.lastIndexOf('}', end - 1);
    return close < start ? -1 : close + 1;
  }

  /** The slot of the candidate label set {@code text[start, after)}. */
  int slot(String text, int start, int after) {
    int hash = LegacyStringCache.hash(text, start, after);
    return (hash ^ (hash >>> 16)) & mask;
  }

  /**
   * If a cached label set of {@code slot} is exactly {@code text[start, after)}, copies its labels
   * into {@code line} and returns {@code after}; else -1.
   */
  int lookup(String text, int start, int after, int slot, MetricLine line) {
    int base = slot * WAYS;
    int length = after - start;
    for (int way = 0; way < WAYS; way++) {
      Entry entry = table[base + way];
      if (entry != null
          && entry.raw.length() == length
          && text.regionMatches(start, entry.raw, 0, length)) {
        int count = entry.names.length;
        System.arraycopy(entry.names, 0, line.labelNames, 0, count);
        System.arraycopy(entry.values, 0, line.labelValues, 0, count);
        line.labelCount = count;
        return after;
      }
    }
    return -1;
  }

  /** Remembers the label set {@code text[start, after)} that was just parsed into {@code line}. */
  void store(String text, int start, int after, int slot, MetricLine line) {
    int count = line.labelCount;
    String[] names = new String[count];
    String[] values = new String[count];
    System.arraycopy(line.labelNames, 0, names, 0, count);
    System.arraycopy(line.labelValues, 0, values, 0, count);
    int way = nextWay[slot];
    nextWay[slot] = (way + 1) % WAYS;
    table[slot * WAYS + way] = new Entry(text.substring(start, after), names, values);
  }
}
