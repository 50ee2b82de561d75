package io.strata.traceingest.stages;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Span ids of derived stage summaries: the first 8 bytes of SHA-256 over the source span's id and
 * the stage's name. The same span sent twice gives the same ids, so a retried export stays
 * deduplicable on (trace_id, span_id) like every other summary.
 */
public final class DerivedSpanIds {

  private DerivedSpanIds() {}

  /** 16 lowercase hex characters, never all zero. */
  public static String of(String sourceSpanIdHex, String stageName) {
    byte[] digest;
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(sourceSpanIdHex.getBytes(StandardCharsets.US_ASCII));
      sha.update((byte) '/');
      sha.update(stageName.getBytes(StandardCharsets.UTF_8));
      digest = sha.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
    byte[] id = java.util.Arrays.copyOf(digest, 8);
    boolean allZero = true;
    for (byte b : id) {
      allZero &= b == 0;
    }
    if (allZero) {
      id[7] = 1;
    }
    return HexFormat.of().formatHex(id);
  }
}
