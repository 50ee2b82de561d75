package io.strata.remediator.core.journal;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.journal.signature.JournalKeys;
import io.strata.journal.signature.JournalSigner;
import io.strata.journal.signature.JournalVerification;
import io.strata.journal.signature.JournalVerifier;
import io.strata.journal.signature.VerificationReason;
import java.time.Instant;
import java.util.Optional;

/**
 * The integrity tags of the remediator's journal (ADR 052): every record it writes is signed with
 * Ed25519 ({@code ed25519=<key id>:<signature>}, libs/journal-signature), and every record it reads
 * back or executes is verified with the published verification keys, as the console and the CLI
 * verify them. Records an earlier version tagged with an HMAC ({@link LegacyHmacTag}) verify only
 * while the old key is configured.
 */
public final class JournalTags {

  public static final String KEY_ID = "strata.remediator.signing.key-id";
  public static final String PRIVATE_KEY = "strata.remediator.signing.private-key";
  public static final String VERIFICATION_KEYS = "strata.remediator.signing.verification-keys";

  /** What the startup check signs: any content does; this one is fixed so the check is too. */
  private static final RemediationAction PROBE =
      Actions.proposed(
          "startup-probe",
          "startup-probe",
          1,
          ActionType.CORDON_NODE,
          new TargetRef("v1", "Node", null, "probe"),
          "{}",
          null,
          "the signing key's startup check",
          1,
          true,
          null,
          Instant.EPOCH);

  private final JournalSigner signer;
  private final JournalVerifier verifier;
  private final Optional<LegacyHmacTag> legacy;

  /**
   * Fails (naming {@value #VERIFICATION_KEYS}) unless the verification keys verify what {@code
   * signer} signs: a journal nobody could verify, the remediator itself included, must not start.
   */
  public JournalTags(
      JournalSigner signer, JournalVerifier verifier, Optional<LegacyHmacTag> legacy) {
    this.signer = signer;
    this.verifier = verifier;
    this.legacy = legacy;
    JournalVerification probe = verifier.verify(PROBE, signer.tag(PROBE));
    if (probe.reason() == VerificationReason.UNKNOWN_KEY) {
      throw new IllegalArgumentException(
          VERIFICATION_KEYS
              + " does not list the signing key id '"
              + signer.keyId()
              + "' ("
              + KEY_ID
              + "); it lists "
              + verifier.keyIds()
              + ". Add keyId:base64DER of the signing key's public key (openssl pkey -pubout).");
    }
    if (!probe.verified()) {
      throw new IllegalArgumentException(
          VERIFICATION_KEYS
              + " lists under '"
              + signer.keyId()
              + "' a public key that does not verify what "
              + PRIVATE_KEY
              + " signs ("
              + probe.reason()
              + "); publish that private key's public key (openssl pkey -in key.pem -pubout).");
    }
  }

  /** From the settings' text, each bad one named by its key. */
  public static JournalTags of(
      String keyId, String privateKey, String verificationKeys, Optional<String> legacyHmacKey) {
    JournalSigner signer =
        new JournalSigner(
            JournalKeys.keyId(KEY_ID, keyId), JournalKeys.privateKey(PRIVATE_KEY, privateKey));
    return new JournalTags(
        signer,
        JournalVerifier.of(VERIFICATION_KEYS, verificationKeys),
        legacyHmacKey.filter(k -> !k.isBlank()).map(LegacyHmacTag::new));
  }

  /** The tag of a record this remediator writes. */
  public String tag(RemediationAction action) {
    return signer.tag(action);
  }

  /** Whether {@code tag} (null when the record carried none) is a valid tag of {@code action}. */
  public JournalVerification verify(RemediationAction action, String tag) {
    if (legacy.isPresent() && tag != null && tag.startsWith(LegacyHmacTag.PREFIX)) {
      return new JournalVerification(
          legacy.get().verify(action, tag)
              ? VerificationReason.VERIFIED
              : VerificationReason.BAD_SIGNATURE,
          null);
    }
    return verifier.verify(action, tag);
  }

  /** The key id of the tags this remediator writes. */
  public String keyId() {
    return signer.keyId();
  }
}
