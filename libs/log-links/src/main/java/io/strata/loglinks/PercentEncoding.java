package io.strata.loglinks;

import java.nio.charset.StandardCharsets;

/**
 * RFC 3986 percent-encoding of one value: every octet of its UTF-8 form outside the unreserved set
 * (ALPHA, DIGIT, "-", ".", "_", "~") becomes {@code %XX} in upper-case hex (section 2.1). That is
 * right wherever a value lands (path segment, matrix parameter, query, fragment) and no value can
 * add a delimiter ({@code / ? # & = ; +}) to the URL around it. A space is {@code %20}, never
 * {@code +}, which only form decoding reads as a space.
 */
final class PercentEncoding {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private PercentEncoding() {}

  static String encode(String value) {
    StringBuilder out = new StringBuilder(value.length() + 16);
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (unreserved(c)) {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      }
    }
    return out.toString();
  }

  private static boolean unreserved(int c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }
}
