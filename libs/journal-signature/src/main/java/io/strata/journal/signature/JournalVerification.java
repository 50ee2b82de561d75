package io.strata.journal.signature;

/**
 * The outcome of checking one record's tag.
 *
 * @param reason {@link VerificationReason#VERIFIED} or why not
 * @param keyId the key id the tag names; null when it names none (missing, malformed, another
 *     algorithm)
 */
public record JournalVerification(VerificationReason reason, String keyId) {

  public JournalVerification {
    reason = reason == null ? VerificationReason.UNSPECIFIED : reason;
  }

  public boolean verified() {
    return reason == VerificationReason.VERIFIED;
  }

  static JournalVerification of(VerificationReason reason) {
    return new JournalVerification(reason, null);
  }
}
