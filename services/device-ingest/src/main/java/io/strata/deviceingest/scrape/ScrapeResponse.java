package io.strata.deviceingest.scrape;

import java.nio.charset.StandardCharsets;

/**
 * A page a target answered with, as the bytes that came off the wire (after gzip decoding): the
 * parser reads them directly, no page-sized String is decoded.
 *
 * @param body the page is {@code body[0, length)}; the array may be longer
 * @param contentType the response's Content-Type, null when absent
 * @param wireBytes bytes received (before gzip decoding)
 */
public record ScrapeResponse(byte[] body, int length, String contentType, long wireBytes) {

  public ScrapeResponse {
    if (length < 0 || length > body.length) {
      throw new IllegalArgumentException("length " + length + " outside a body of " + body.length);
    }
  }

  /** A page given as text (tests, tools): its UTF-8 bytes. */
  public ScrapeResponse(String body, String contentType, long wireBytes) {
    this(body.getBytes(StandardCharsets.UTF_8), contentType, wireBytes);
  }

  private ScrapeResponse(byte[] body, String contentType, long wireBytes) {
    this(body, body.length, contentType, wireBytes);
  }

  /** The page decoded as UTF-8. */
  public String text() {
    return new String(body, 0, length, StandardCharsets.UTF_8);
  }
}
