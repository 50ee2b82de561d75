package io.strata.events.serde;

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
    for (int i = 0; i < n; i++) {
      int b = json[i] & 0xFF;
      if (b == 0xED && i + 1 < n && (json[i + 1] & 0xFF) >= 0xA0) {
        return i;
      }
      if (b != '\\' || i + 1 >= n) {
        continue;
      }
      if (json[i + 1] != 'u') {
        i++; // a one-character escape, e.g. \\ or \", never the start of another escape
        continue;
      }
      int unit = hex4(json, i + 2);
      if (unit < 0xD800 || unit > 0xDFFF) {
        i += 1;
        continue;
      }
      if (unit >= 0xDC00) {
        return i; // a low surrogate with no high one before it
      }
      int next = i + 6;
      boolean lowFollows =
          next + 1 < n
              && json[next] == '\\'
              && json[next + 1] == 'u'
              && isLow(hex4(json, next + 2));
      if (!lowFollows) {
        return i;
      }
      i = next + 5; // past the pair
    }
    return -1;
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
