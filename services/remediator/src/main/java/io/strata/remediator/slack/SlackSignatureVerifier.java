package io.strata.remediator.slack;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Slack's v0 request signing: {@code v0=} + hex HMAC-SHA256 over {@code v0:<timestamp>:<raw body>}
 * keyed with the app's signing secret, compared in constant time; requests whose timestamp is
 * further than the allowed skew from now are rejected as replays.
 */
public final class SlackSignatureVerifier {

  private static final String VERSION = "v0";
  private static final String ALGORITHM = "HmacSHA256";

  private final byte[] signingSecret;
  private final Duration maxSkew;

  public SlackSignatureVerifier(String signingSecret, Duration maxSkew) {
    if (signingSecret == null || signingSecret.isBlank()) {
      throw new IllegalArgumentException("a Slack signing secret is required");
    }
    this.signingSecret = signingSecret.getBytes(StandardCharsets.UTF_8);
    this.maxSkew = maxSkew;
  }

  public SignatureCheck verify(String timestamp, String signature, byte[] rawBody, Instant now) {
    if (timestamp == null || signature == null || rawBody == null) {
      return SignatureCheck.MISSING_HEADERS;
    }
    long seconds;
    try {
      seconds = Long.parseLong(timestamp.trim());
    } catch (NumberFormatException e) {
      return SignatureCheck.MALFORMED_TIMESTAMP;
    }
    if (Math.abs(now.getEpochSecond() - seconds) > maxSkew.toSeconds()) {
      return SignatureCheck.STALE_TIMESTAMP;
    }
    byte[] expected = sign(timestamp.trim(), rawBody).getBytes(StandardCharsets.US_ASCII);
    byte[] given = signature.trim().getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, given)
        ? SignatureCheck.VALID
        : SignatureCheck.BAD_SIGNATURE;
  }

  /** The {@code X-Slack-Signature} value Slack would send for this timestamp and body. */
  public String sign(String timestamp, byte[] rawBody) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(signingSecret, ALGORITHM));
      mac.update((VERSION + ":" + timestamp + ":").getBytes(StandardCharsets.UTF_8));
      mac.update(rawBody);
      return VERSION + "=" + HexFormat.of().formatHex(mac.doFinal());
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JRE", e);
    }
  }
}
