package io.strata.deviceingest.parse;

/**
 * A fixed-size, lossy table of recently seen strings: the same label names and values (GPU UUIDs,
 * model names, pod names) repeat on every line and every scrape, so the parser returns the cached
 * instance instead of allocating a copy. Memory is bounded by the table size and the length cap.
 */
final class LegacyStringCache {

  private static final int MAX_CACHED_LENGTH = 256;

  private final String[] table;
  private final int mask;

  LegacyStringCache(int sizePowerOfTwo) {
    if (Integer.bitCount(sizePowerOfTwo) != 1) {
      throw new IllegalArgumentException("size must be a power of two: " + sizePowerOfTwo);
    }
    table = new String[sizePowerOfTwo];
    mask = sizePowerOfTwo - 1;
  }

  /**
   * A cheap hash of {@code source[start, end)}: every character of short strings, 16 evenly spread
   * characters plus the last four of long ones. A running hash over every character would be a
   * serial multiply chain on the parser's hottest loop; a collision here only costs a cache miss.
   */
  static int hash(String source, int start, int end) {
    int length = end - start;
    int hash = length;
    if (length <= 16) {
      for (int i = start; i < end; i++) {
        hash = 31 * hash + source.charAt(i);
      }
      return hash;
    }
    for (int i = 0; i < 16; i++) {
      hash = 31 * hash + source.charAt(start + (i * length >>> 4));
    }
    for (int i = end - 4; i < end; i++) {
      hash = 31 * hash + source.charAt(i);
    }
    return hash;
  }

  /** The text {@code source[start, end)}, whose {@link #hash} is {@code hash}. */
  String get(String source, int start, int end, int hash) {
    int length = end - start;
    if (length > MAX_CACHED_LENGTH) {
      return source.substring(start, end);
    }
    int slot = (hash ^ (hash >>> 16)) & mask;
    String cached = table[slot];
    if (cached != null
        && cached.length() == length
        && source.regionMatches(start, cached, 0, length)) {
      return cached;
    }
    String fresh = source.substring(start, end);
    table[slot] = fresh;
    return fresh;
  }

  /** Interns an already built string (an unescaped label value). */
  String intern(String value) {
    return get(value, 0, value.length(), hash(value, 0, value.length()));
  }
}
