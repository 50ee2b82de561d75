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
 * The integrity tag of a journal record: HMAC-SHA256 (RFC 2104, JCA name {@code HmacSHA256}) over
 * the action's canonical content, keyed with a secret only the remediator holds. Anyone may produce
 * to strata.remediation.v1; only a record carrying this tag counts as the remediator's own memory.
 *
 * <p>The canonical content is every component that decides what is executed, each written as its
 * length and its text (so no two different actions share an encoding): ids, step, type, state,
 * target, both patches, approval, attempts, dry-run, the time and (after episode 1) the episode.
 * The message and the correlation are left out: they are descriptive and nothing executes from
 * them.
 */
public final class ActionSigner {

  /** The tag's prefix names the algorithm, so a later one can be told apart. */
  public static final String PREFIX = "hmac-sha256=";

  private static final String ALGORITHM = "HmacSHA256";

  private final SecretKeySpec key;

  public ActionSigner(String secret) {
    if (secret == null || secret.length() < 32) {
      throw new IllegalArgumentException(
          "strata.remediator.integrity.key must be at least 32 characters");
    }
    this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
  }

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
      // The episode decides the derived id. Appended only after episode 1, so records signed
      // before episodes existed keep their tags.
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
