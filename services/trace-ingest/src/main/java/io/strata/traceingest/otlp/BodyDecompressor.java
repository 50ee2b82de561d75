package io.strata.traceingest.otlp;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Undoes the request's Content-Encoding, refusing to inflate past the size limit so a small gzip
 * bomb cannot take the heap.
 */
public final class BodyDecompressor {

  private BodyDecompressor() {}

  public static byte[] decode(byte[] body, String contentEncoding, int maxBytes)
      throws OtlpDecodeException {
    String encoding =
        contentEncoding == null ? "identity" : contentEncoding.trim().toLowerCase(Locale.ROOT);
    return switch (encoding) {
      case "", "identity" -> body;
      case "gzip", "x-gzip" -> gunzip(body, maxBytes);
      default ->
          throw new OtlpDecodeException(
              DecodeFailure.UNSUPPORTED_CONTENT_ENCODING,
              "Content-Encoding '" + contentEncoding + "' is not supported; use gzip or none");
    };
  }

  private static byte[] gunzip(byte[] body, int maxBytes) throws OtlpDecodeException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body), 8192)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(maxBytes, body.length * 4));
      byte[] chunk = new byte[8192];
      int read;
      while ((read = in.read(chunk)) > 0) {
        if (out.size() + read > maxBytes) {
          throw new OtlpDecodeException(
              DecodeFailure.BODY_TOO_LARGE,
              "decompressed body exceeds the limit of " + maxBytes + " bytes");
        }
        out.write(chunk, 0, read);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new OtlpDecodeException(
          DecodeFailure.MALFORMED_GZIP, "body is not valid gzip: " + e.getMessage(), e);
    }
  }
}
