package io.strata.deviceingest.parse;

import java.util.Arrays;

/**
 * Recently parsed label sets, by their bytes. dcgm-exporter writes a GPU's labels identically on
 * every line of that GPU and on every scrape (render_metrics.go renders them from one template), so
 * a label set seen before is recognised by comparing bytes and its parsed names and values are
 * copied instead of parsed again.
 *
 * <p>Two ways to find a set, both exact: the <b>prediction</b> (the set that followed the previous
 * line's set the last time: a page lists its families in the same order every scrape, so this is
 * almost always right and costs one vectorised comparison, no scan and no hash), then a bounded,
 * lossy <b>table</b> ({@code WAYS} entries per slot, chosen by a hash of the bytes up to the first
 * '}'); an entry that leaves the table is never predicted again. A hit is always correct whatever
 * the rest of the line holds: an entry's bytes are a whole label set as the parser read it, from
 * '{' to its closing '}', and parsing those bytes gives the same labels wherever they appear. A
 * miss only costs the normal parse.
 */
final class LabelSetCache {

  private static final int WAYS = 4;

  /** A label set as written (from '{' to '}' inclusive) and what it parsed to. */
  static final class Entry {
    final byte[] raw;
    final String[] names;
    final String[] values;

    /** The set of the line after this one, the last time; null once this entry left the table. */
    Entry next;

    boolean evicted;

    /** What a sink noted on this set ({@link MetricLine#labelSetNote}). */
    Object note;

    Entry(byte[] raw, String[] names, String[] values) {
      this.raw = raw;
      this.names = names;
      this.values = values;
    }
  }

  private final Entry[] table;
  private final int mask;
  private final int[] nextWay;
  private Entry first;
  private Entry previous;
  private long predicted;
  private long looked;

  LabelSetCache(int slotsPowerOfTwo) {
    if (Integer.bitCount(slotsPowerOfTwo) != 1) {
      throw new IllegalArgumentException("slots must be a power of two: " + slotsPowerOfTwo);
    }
    table = new Entry[slotsPowerOfTwo * WAYS];
    nextWay = new int[slotsPowerOfTwo];
    mask = slotsPowerOfTwo - 1;
  }

  /** A new page begins: the first set is predicted to be the last page's first. */
  void startPage() {
    previous = null;
  }

  /**
   * The cached set written at {@code text[open]} (its '{'), within {@code text[open, limit)}, or
   * null. On a hit the set becomes the one that follows the previous line's.
   */
  Entry find(byte[] text, int open, int limit) {
    Entry predicted = previous == null ? first : previous.next;
    if (predicted != null && matches(predicted, text, open, limit)) {
      this.predicted++;
      return followed(predicted);
    }
    looked++;
    int close = firstClose(text, open, limit);
    if (close < 0) {
      return null;
    }
    int base = slot(text, open, close + 1) * WAYS;
    for (int way = 0; way < WAYS; way++) {
      Entry entry = table[base + way];
      if (entry != null && matches(entry, text, open, limit)) {
        return followed(entry);
      }
    }
    return null;
  }

  /** Remembers the set {@code text[open, after)} that was just parsed into {@code line}. */
  Entry store(byte[] text, int open, int after, MetricLine line) {
    int count = line.labelCount;
    Entry entry =
        new Entry(
            Arrays.copyOfRange(text, open, after),
            Arrays.copyOf(line.labelNames, count),
            Arrays.copyOf(line.labelValues, count));
    int close = firstClose(text, open, after);
    int slot = slot(text, open, close + 1);
    int way = nextWay[slot];
    nextWay[slot] = (way + 1) % WAYS;
    Entry old = table[slot * WAYS + way];
    if (old != null) {
      // An evicted entry links nowhere, so what stays reachable is bounded by the table.
      old.evicted = true;
      old.next = null;
    }
    table[slot * WAYS + way] = entry;
    return followed(entry);
  }

  /** Lookups the prediction answered (for tests and the benchmark's notes). */
  long predictedCount() {
    return predicted;
  }

  /** Lookups that had to scan for the set's end and look in the table. */
  long lookedUpCount() {
    return looked;
  }

  private Entry followed(Entry entry) {
    if (previous == null) {
      first = entry;
    } else if (!previous.evicted) {
      previous.next = entry;
    }
    previous = entry;
    return entry;
  }

  private static boolean matches(Entry entry, byte[] text, int open, int limit) {
    int length = entry.raw.length;
    return open + length <= limit && Arrays.equals(entry.raw, 0, length, text, open, open + length);
  }

  /** The first '}' in {@code text[open, limit)} before a line end, or -1. */
  private static int firstClose(byte[] text, int open, int limit) {
    for (int i = open; i < limit; i++) {
      byte b = text[i];
      if (b == '}') {
        return i;
      }
      if (b == '\n') {
        return -1;
      }
    }
    return -1;
  }

  /**
   * The slot of the bytes up to the first '}', hashed over every byte: the variants of one GPU
   * (health watches, XID codes) differ anywhere after their first hundred bytes, and this runs only
   * when the prediction missed.
   */
  private int slot(byte[] text, int start, int after) {
    int hash = 0;
    for (int i = start; i < after; i++) {
      hash = 31 * hash + text[i];
    }
    return ByteStrings.slot(hash, mask);
  }
}
