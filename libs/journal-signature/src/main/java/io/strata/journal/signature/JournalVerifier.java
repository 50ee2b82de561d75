package io.strata.journal.signature;

import io.strata.events.remediation.RemediationAction;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.util.Map;
import java.util.Set;

/**
 * Verifies journal records' tags against the public keys by key id. Listing an old key id next to
 * the current one keeps records signed before a rotation verifiable; removing it retires them
 * ({@link VerificationReason#UNKNOWN_KEY}). Thread-safe (a {@link Signature} per call).
 */
public final class JournalVerifier {

  private final Map<String, PublicKey> keys;

  /**
   * @param keys key id to Ed25519 public key ({@link JournalKeys#verificationKeys}), at least one
   */
  public JournalVerifier(Map<String, PublicKey> keys) {
    if (keys == null || keys.isEmpty()) {
      throw new IllegalArgumentException("at least one verification key is needed");
    }
    keys.forEach(
        (id, key) -> {
          JournalKeys.keyId("verifier", id);
          if (!JournalKeys.isEd25519(key)) {
            throw new IllegalArgumentException("verification key '" + id + "' is not Ed25519");
          }
        });
    this.keys = Map.copyOf(keys);
  }

  /** A verifier of the list form {@code keyId:base64DER,...}; {@code setting} names it. */
  public static JournalVerifier of(String setting, String list) {
    return new JournalVerifier(JournalKeys.verificationKeys(setting, list));
  }

  /** The key ids this verifier accepts. */
  public Set<String> keyIds() {
    return keys.keySet();
  }

  /** Whether {@code tag} (the header's value; null when absent) signs {@code action}. */
  public JournalVerification verify(RemediationAction action, String tag) {
    JournalTag.Parsed parsed = JournalTag.parse(tag);
    if (parsed.problem() != null) {
      return JournalVerification.of(parsed.problem());
    }
    PublicKey key = keys.get(parsed.keyId());
    if (key == null) {
      return new JournalVerification(VerificationReason.UNKNOWN_KEY, parsed.keyId());
    }
    return new JournalVerification(
        matches(key, JournalCanonical.bytes(action), parsed.signature())
            ? VerificationReason.VERIFIED
            : VerificationReason.BAD_SIGNATURE,
        parsed.keyId());
  }

  private static boolean matches(PublicKey key, byte[] content, byte[] signature) {
    try {
      Signature verifier = Signature.getInstance("Ed25519");
      verifier.initVerify(key);
      verifier.update(content);
      return verifier.verify(signature);
    } catch (SignatureException e) {
      // A signature that does not decode (say, an encoded point off the curve): not this key's.
      return false;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Ed25519 verification failed with a checked key", e);
    }
  }
}
