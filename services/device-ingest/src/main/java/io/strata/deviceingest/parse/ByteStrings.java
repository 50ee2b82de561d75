package io.strata.deviceingest.parse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A fixed-size, lossy table of strings decoded from page bytes: the same label names and values
 * (GPU UUIDs, model names, pod names) repeat on every line and every scrape, so a string whose
 * bytes were decoded before is returned again instead of decoded and allocated. Each slot keeps the
 * bytes it was decoded from, so a hit is one vectorised array comparison. Memory is bounded by the
 * table size and the length cap.
 */
final class ByteStrings {

  private static final int MAX_CACHED_LENGTH = 256;

  private final byte[][] keys;
  private final String[] values;
  private final int mask;

  ByteStrings(int sizePowerOfTwo) {
    if (Integer.bitCount(sizePowerOfTwo) != 1) {
      throw new IllegalArgumentException("size must be a power of two: " + sizePowerOfTwo);
    }
    keys = new byte[sizePowerOfTwo][];
    values = new String[sizePowerOfTwo];
    mask = sizePowerOfTwo - 1;
  }

  /**
   * A cheap hash of {@code bytes[start, end)}: every byte of short runs, 16 evenly spread bytes
   * plus the last four of long ones. A running hash over every byte would be a serial multiply
   * chain on the parser's hottest loop; a collision only costs a cache miss.
   */
  static int hash(byte[] bytes, int start, int end) {
    int length = end - start;
    int hash = length;
    if (length <= 16) {
      for (int i = start; i < end; i++) {
        hash = 31 * hash + bytes[i];
      }
      return hash;
    }
    for (int i = 0; i < 16; i++) {
      hash = 31 * hash + bytes[start + (i * length >>> 4)];
    }
    for (int i = end - 4; i < end; i++) {
      hash = 31 * hash + bytes[i];
    }
    return hash;
  }

  /**
   * The slot of a {@link #hash} in a table of {@code mask + 1} slots, through a full avalanche
   * (MurmurHash3's 32-bit finaliser): the label sets of a node's GPUs differ in a few bytes that
   * step together (gpu="0".."7", the UUID's and the pod's last digit), so the raw hash steps by a
   * multiple of one constant and its low bits alone put eight GPUs into two slots.
   */
  static int slot(int hash, int mask) {
    int h = hash;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h & mask;
  }

  /** The UTF-8 text of {@code bytes[start, end)}. */
  String get(byte[] bytes, int start, int end) {
    int length = end - start;
    if (length > MAX_CACHED_LENGTH) {
      return decode(bytes, start, end);
    }
    int slot = slot(hash(bytes, start, end), mask);
    byte[] key = keys[slot];
    if (key != null && Arrays.equals(key, 0, key.length, bytes, start, end)) {
      return values[slot];
    }
    String fresh = decode(bytes, start, end);
    keys[slot] = Arrays.copyOfRange(bytes, start, end);
    values[slot] = fresh;
    return fresh;
  }

  /**
   * Decodes as {@code new String(page, UTF_8)} decoded that part of the page: in valid UTF-8 a run
   * between ASCII delimiters decodes alone exactly as inside the whole page (a malformed sequence
   * becomes U+FFFD either way). ASCII (every dcgm-exporter label) takes the Latin-1 path, a plain
   * copy into a compact string.
   */
  static String decode(byte[] bytes, int start, int end) {
    for (int i = start; i < end; i++) {
      if (bytes[i] < 0) {
        return new String(bytes, start, end - start, StandardCharsets.UTF_8);
      }
    }
    return new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
  }
}
