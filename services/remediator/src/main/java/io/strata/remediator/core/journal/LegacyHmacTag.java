package io.strata.remediator.core.journal;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The integrity tag journal records carried before Ed25519 signatures (ADR 052): HMAC-SHA256 (RFC
 * 2104, JCA {@code HmacSHA256}) over the "v1" canonical content, keyed with a secret only the
 * remediator held. Only verified, never written: records of an upgraded remediator's earlier
 * version stay its memory while {@code strata.remediator.signing.legacy-hmac-key} holds the old
 * key.
 *
 * <p>The v1 content: "v1", then per part its UTF-16 length and text ("|-" for null): ids, step,
 * type, state, target, both patches, reason, approval, attempts, dry-run, the time and (after
 * episode 1) the episode. Kept byte for byte, or the old tags stop verifying.
 */
public final class LegacyHmacTag {

  /** The tag's prefix names the algorithm. */
  public static final String PREFIX = "hmac-sha256=";

  static final String SETTING = "strata.remediator.signing.legacy-hmac-key";

  private static final String ALGORITHM = "HmacSHA256";

  private final SecretKeySpec key;

  public LegacyHmacTag(String secret) {
    if (secret == null || secret.length() < 32) {
      throw new IllegalArgumentException(
          SETTING + " must be at least 32 characters (the former integrity.key)");
    }
    this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
  }

  /** The v1 tag of {@code action}; tests write legacy records with it. */
  public String tag(RemediationAction action) {
    return PREFIX + HexFormat.of().formatHex(mac(canonical(action)));
  }

  /** Whether {@code tag} is this key's tag of {@code action}, compared in constant time. */
  public boolean verify(RemediationAction action, String tag) {
    if (tag == null) {
      return false;
    }
    return MessageDigest.isEqual(
        tag(action).getBytes(StandardCharsets.UTF_8), tag.getBytes(StandardCharsets.UTF_8));
  }

  static String canonical(RemediationAction a) {
    TargetRef t = a.target();
    StringBuilder out = new StringBuilder("v1");
    for (Object part :
        new Object[] {
          a.actionId(),
          a.incidentId(),
          a.step(),
          a.type(),
          a.state(),
          t == null ? null : t.apiVersion(),
          t == null ? null : t.kind(),
          t == null ? null : t.namespace(),
          t == null ? null : t.name(),
          a.patch(),
          a.inversePatch(),
          a.reason(),
          a.approvedBy(),
          a.approvalChannel(),
          a.approvedAt(),
          a.attempt(),
          a.maxAttempts(),
          a.dryRun(),
          a.updatedAt()
        }) {
      append(out, part);
    }
    if (a.episode() > Incident.FIRST_EPISODE) {
      // Appended only after episode 1, so records signed before episodes existed kept their tags.
      append(out, a.episode());
    }
    return out.toString();
  }

  private static void append(StringBuilder out, Object part) {
    if (part == null) {
      out.append("|-");
    } else {
      String text = part.toString();
      out.append('|').append(text.length()).append(':').append(text);
    }
  }

  private byte[] mac(String content) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JRE", e);
    }
  }
}
