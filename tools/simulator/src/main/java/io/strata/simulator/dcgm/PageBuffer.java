package io.strata.simulator.dcgm;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A reusable, growable byte buffer a /metrics page is rendered into and answered from. A
 * StringBuilder page was copied three times on its way out (growing, {@code toString}, {@code
 * getBytes}): at 10,000 GPUs, 1,250 pages of ~80 kB a second, those copies and their garbage were
 * about a fifth of the simulator's CPU (JFR, docs/benchmarks/log/2026-12-03.md). Not thread-safe:
 * one per rendering thread.
 */
final class PageBuffer {

  private byte[] bytes;
  private int length;

  PageBuffer(int capacity) {
    bytes = new byte[Math.max(16, capacity)];
  }

  PageBuffer reset() {
    length = 0;
    return this;
  }

  PageBuffer append(byte[] part) {
    ensure(part.length);
    System.arraycopy(part, 0, bytes, length, part.length);
    length += part.length;
    return this;
  }

  PageBuffer append(char ascii) {
    ensure(1);
    bytes[length++] = (byte) ascii;
    return this;
  }

  /** Appends the text as UTF-8 (values and numbers are ASCII: one byte per char, no encoder). */
  PageBuffer append(String text) {
    int n = text.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c >= 0x80) { // the rest of this string through the encoder
        return appendEncoded(text, i);
      }
      bytes[length++] = (byte) c;
    }
    return this;
  }

  byte[] array() {
    return bytes;
  }

  int length() {
    return length;
  }

  @Override
  public String toString() {
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private PageBuffer appendEncoded(String text, int from) {
    return append(utf8(text.substring(from)));
  }

  private void ensure(int more) {
    if (length + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }
  }
}
