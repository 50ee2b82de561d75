package io.strata.events.serde;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds text that is valid JSON to Jackson but not Unicode: a {@code \\uD800}–{@code \\uDFFF}
 * escape that is not a high surrogate followed by a low one, or a surrogate encoded directly in
 * UTF-8 (bytes {@code ED A0..BF}, which RFC 3629 forbids). Jackson reads either into a Java string
 * holding a lone surrogate and then writes it as bytes it cannot read back: the correlator stored
 * such a pod name and every later read of that workload's state failed ("Broken surrogate pair").
 * Rejecting it at the edge keeps one hostile record from poisoning a store.
 */
final class Utf16Check {

  private Utf16Check() {}

  /** The index of the first lone surrogate in {@code json}, or -1 when there is none. */
  static int loneSurrogate(byte[] json) {
    int n = json.length;
    int i = nextCandidate(json, 0);
    while (i >= 0) {
      int next = i + 1;
      if ((json[i] & 0xFF) == 0xED) {
        if (i + 1 < n && (json[i + 1] & 0xFF) >= 0xA0) {
          return i;
        }
      } else if (i + 1 < n) { // a backslash: an escape
        if (json[i + 1] != 'u') {
          next = i + 2; // a one-character escape, e.g. \\ or \", never the start of another escape
        } else {
          int unit = hex4(json, i + 2);
          if (unit >= 0xDC00 && unit <= 0xDFFF) {
            return i; // a low surrogate with no high one before it
          }
          if (unit >= 0xD800 && unit < 0xDC00) {
            int low = i + 6;
            boolean lowFollows =
                low + 1 < n
                    && json[low] == '\\'
                    && json[low + 1] == 'u'
                    && isLow(hex4(json, low + 2));
            if (!lowFollows) {
              return i;
            }
            next = low + 6; // past the pair
          } else {
            next = i + 2;
          }
        }
      }
      i = next < n ? nextCandidate(json, next) : -1;
    }
    return -1;
  }

  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long BACKSLASHES = '\\' * ONES;
  private static final long EDS = 0xEDL * ONES;

  /**
   * The index of the first backslash or 0xED byte at or after {@code from}, or -1: the only bytes
   * where a lone surrogate can start. Eight bytes at a time (a word has a byte equal to {@code c}
   * when {@code word ^ c*ONES} has a zero byte), since most records have neither and this scan runs
   * over every byte of every record a service reads.
   */
  private static int nextCandidate(byte[] json, int from) {
    int n = json.length;
    int i = from;
    for (; i + 8 <= n; i += 8) {
      long word = (long) WORDS.get(json, i);
      if (hasZeroByte(word ^ BACKSLASHES) || hasZeroByte(word ^ EDS)) {
        break;
      }
    }
    for (; i < n; i++) {
      int b = json[i] & 0xFF;
      if (b == '\\' || b == 0xED) {
        return i;
      }
    }
    return -1;
  }

  private static boolean hasZeroByte(long word) {
    return ((word - ONES) & ~word & HIGHS) != 0;
  }

  private static boolean isLow(int unit) {
    return unit >= 0xDC00 && unit <= 0xDFFF;
  }

  /** Four hex digits at {@code at} as a number, or -1 when they are not there. */
  private static int hex4(byte[] json, int at) {
    if (at + 4 > json.length) {
      return -1;
    }
    int value = 0;
    for (int k = at; k < at + 4; k++) {
      int digit = Character.digit(json[k], 16);
      if (digit < 0) {
        return -1;
      }
      value = value * 16 + digit;
    }
    return value;
  }
}
