package io.strata.traceingest.otlp;

import com.google.protobuf.ByteString;

/** Trace and span ids: 16 and 8 bytes on the wire, lowercase hex in Strata's events. */
public final class OtlpIds {

  public static final int TRACE_ID_BYTES = 16;
  public static final int SPAN_ID_BYTES = 8;

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private OtlpIds() {}

  /** A valid trace id: 16 bytes, not all zero (W3C trace context). */
  public static boolean validTraceId(ByteString id) {
    return id.size() == TRACE_ID_BYTES && !allZero(id);
  }

  /** A valid span id: 8 bytes, not all zero. */
  public static boolean validSpanId(ByteString id) {
    return id.size() == SPAN_ID_BYTES && !allZero(id);
  }

  /** Lowercase hex of the id's bytes. */
  public static String hex(ByteString id) {
    char[] out = new char[id.size() * 2];
    for (int i = 0; i < id.size(); i++) {
      int b = id.byteAt(i) & 0xff;
      out[2 * i] = HEX[b >>> 4];
      out[2 * i + 1] = HEX[b & 0x0f];
    }
    return new String(out);
  }

  /**
   * The bytes of a hex id, either case. An odd length or a non-hex character gives an empty id,
   * which validation then rejects as invalid: the id is wrong, the rest of the request is fine.
   */
  public static byte[] parseHex(String hex) {
    if (hex.length() % 2 != 0) {
      return new byte[0];
    }
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int high = Character.digit(hex.charAt(2 * i), 16);
      int low = Character.digit(hex.charAt(2 * i + 1), 16);
      if (high < 0 || low < 0) {
        return new byte[0];
      }
      out[i] = (byte) ((high << 4) | low);
    }
    return out;
  }

  private static boolean allZero(ByteString id) {
    for (int i = 0; i < id.size(); i++) {
      if (id.byteAt(i) != 0) {
        return false;
      }
    }
    return true;
  }
}
