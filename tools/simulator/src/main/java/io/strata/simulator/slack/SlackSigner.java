package io.strata.simulator.slack;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Slack request signing: {@code v0=} + lowercase hex of HMAC-SHA256(signing secret, "v0:" +
 * timestamp + ":" + raw body).
 */
public final class SlackSigner {

  private final byte[] secret;

  public SlackSigner(String signingSecret) {
    if (signingSecret == null || signingSecret.isEmpty()) {
      throw new IllegalArgumentException("the Slack signing secret must not be empty");
    }
    this.secret = signingSecret.getBytes(StandardCharsets.UTF_8);
  }

  public String sign(long timestampSeconds, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      byte[] digest =
          mac.doFinal(("v0:" + timestampSeconds + ":" + body).getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder("v0=");
      for (byte b : digest) {
        hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }
}
