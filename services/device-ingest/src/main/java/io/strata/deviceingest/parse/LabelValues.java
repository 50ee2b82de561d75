package io.strata.deviceingest.parse;

import java.util.Arrays;

/**
 * Reads one quoted label value from the page bytes. A value without a backslash is the bytes
 * between the quotes (a cached string from {@link ByteStrings}); one with escapes is unescaped into
 * a reused buffer first. The exposition formats define three escapes: {@code \\}, {@code \"} and
 * {@code \n}; any other backslash is kept as written, as Prometheus' own parser does. Escapes are
 * ASCII, so a multi-byte UTF-8 character passes through byte by byte and decodes as it was written.
 */
final class LabelValues {

  private final ByteStrings strings;
  private byte[] unescaped = new byte[256];
  private String value;

  LabelValues(ByteStrings strings) {
    this.strings = strings;
  }

  /** The value the last successful {@link #read} found. */
  String value() {
    return value;
  }

  /**
   * Reads the value that starts at {@code start} (after its opening quote), within {@code end}.
   * Returns the position after the closing quote, or -1 when the value is not terminated.
   */
  int read(byte[] text, int start, int end) {
    for (int pos = start; pos < end; pos++) {
      byte c = text[pos];
      if (c == '"') {
        value = strings.get(text, start, pos);
        return pos + 1;
      }
      if (c == '\\') {
        return readEscaped(text, start, end);
      }
    }
    return -1;
  }

  private int readEscaped(byte[] text, int start, int end) {
    int length = 0;
    for (int pos = start; pos < end; pos++) {
      byte c = text[pos];
      if (c == '"') {
        value = strings.get(unescaped, 0, length);
        return pos + 1;
      }
      if (unescaped.length < length + 2) {
        unescaped = Arrays.copyOf(unescaped, unescaped.length * 2);
      }
      if (c == '\\' && pos + 1 < end) {
        byte escaped = text[++pos];
        switch (escaped) {
          case 'n' -> unescaped[length++] = '\n';
          case '\\', '"' -> unescaped[length++] = escaped;
          default -> {
            unescaped[length++] = '\\';
            unescaped[length++] = escaped;
          }
        }
      } else {
        unescaped[length++] = c;
      }
    }
    return -1;
  }
}
