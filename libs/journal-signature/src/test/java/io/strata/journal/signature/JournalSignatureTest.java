package io.strata.journal.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Signing and verifying with the committed key pairs; the expected tags were computed by openssl
 * from the canonical text (resources/README.md), so the JDK's Ed25519 agrees with RFC 8032's.
 */
class JournalSignatureTest {

  private static final String CORDON_BY_TEST_KEY =
      "ed25519=journal-test:R5GUNcflUQzFln1h7aQ_dKX4fnK3EzCZFAot3P7BwRyyHRCBreQSy28Mey7PRktBK4OsoUp6FCbfrjnGTksuDA";
  private static final String PAUSE_BY_TEST_KEY =
      "ed25519=journal-test:GwvwCM991VI9gnJG96CPdZ-9iFd_JfX6PHfsYptk0TFUM1T3pzV4V3ZQLDvmRBI8p_9POYE51NVm9_NBVveMCA";
  private static final String CORDON_BY_OLD_KEY =
      "ed25519=journal-2025:Ur8E8u0Aaqhpkhn_JaWvOB9UzF_24HZmlFUP4cD2uLws4efJAFcY3Z-UDj5LE8xdE6dSe1kfYwiJ4oXMH4ChBw";

  private static final String TEST_PUBLIC = Actions.resource("journal-test-key.pub.pem");
  private static final String OLD_PUBLIC = Actions.resource("journal-old-key.pub.pem");

  private final JournalSigner signer =
      new JournalSigner(
          "journal-test", JournalKeys.privateKey("test", Actions.resource("journal-test-key.pem")));
  private final JournalVerifier verifier =
      JournalVerifier.of("test", "journal-test:" + Actions.base64Der(TEST_PUBLIC));

  @Test
  void theTagIsTheDeterministicEd25519SignatureOfTheCanonicalContent() {
    assertThat(signer.tag(Actions.CORDON)).isEqualTo(CORDON_BY_TEST_KEY).hasSize(8 + 12 + 1 + 86);
    assertThat(signer.tag(Actions.PAUSE)).isEqualTo(PAUSE_BY_TEST_KEY);
    assertThat(verifier.verify(Actions.CORDON, CORDON_BY_TEST_KEY))
        .isEqualTo(new JournalVerification(VerificationReason.VERIFIED, "journal-test"));
    assertThat(verifier.verify(Actions.PAUSE, PAUSE_BY_TEST_KEY).verified()).isTrue();
  }

  @Test
  void aTamperedFieldFailsWithBadSignature() {
    Map<String, UnaryOperator<RemediationAction>> tampering = new LinkedHashMap<>();
    tampering.put("state", a -> with(a, ActionState.EXECUTING, a.patch(), a.policy()));
    tampering.put("patch", a -> with(a, a.state(), "{\"spec\":{\"taints\":null}}", a.policy()));
    tampering.put(
        "policy mode", a -> with(a, a.state(), a.patch(), new PolicyRef("gpu-faults-auto", null)));
    tampering.put(
        "policy rule", a -> with(a, a.state(), a.patch(), new PolicyRef("other", PolicyMode.AUTO)));
    tampering.put("policy dropped", a -> with(a, a.state(), a.patch(), null));

    tampering.forEach(
        (what, change) ->
            assertThat(verifier.verify(change.apply(Actions.PAUSE), PAUSE_BY_TEST_KEY))
                .as(what)
                .isEqualTo(
                    new JournalVerification(VerificationReason.BAD_SIGNATURE, "journal-test")));
    // Another record's genuine signature on this content.
    assertThat(
            verifier.verify(
                Actions.PAUSE,
                "ed25519=journal-test:"
                    + CORDON_BY_TEST_KEY.substring(CORDON_BY_TEST_KEY.indexOf(':') + 1)))
        .extracting(JournalVerification::reason)
        .isEqualTo(VerificationReason.BAD_SIGNATURE);
  }

  @Test
  void aRecordSignedWithAnOldKeyVerifiesWhileItsKeyIdIsListed() {
    JournalSigner old =
        new JournalSigner(
            "journal-2025", JournalKeys.privateKey("old", Actions.resource("journal-old-key.pem")));
    assertThat(old.tag(Actions.CORDON)).isEqualTo(CORDON_BY_OLD_KEY);

    JournalVerifier both =
        JournalVerifier.of(
            "test",
            "journal-test:"
                + Actions.base64Der(TEST_PUBLIC)
                + ", journal-2025:"
                + Actions.base64Der(OLD_PUBLIC));
    assertThat(both.keyIds()).containsExactlyInAnyOrder("journal-test", "journal-2025");
    assertThat(both.verify(Actions.CORDON, CORDON_BY_OLD_KEY))
        .isEqualTo(new JournalVerification(VerificationReason.VERIFIED, "journal-2025"));
    assertThat(both.verify(Actions.CORDON, CORDON_BY_TEST_KEY).verified()).isTrue();

    // Retired: the old key id is no longer listed.
    assertThat(verifier.verify(Actions.CORDON, CORDON_BY_OLD_KEY))
        .isEqualTo(new JournalVerification(VerificationReason.UNKNOWN_KEY, "journal-2025"));
    // The old key listed under the current id: the signature is not that key's.
    JournalVerifier swapped =
        JournalVerifier.of("test", "journal-test:" + Actions.base64Der(OLD_PUBLIC));
    assertThat(swapped.verify(Actions.CORDON, CORDON_BY_TEST_KEY).reason())
        .isEqualTo(VerificationReason.BAD_SIGNATURE);
  }

  @Test
  void missingMalformedAndOtherAlgorithmsAreToldApart() {
    String signature = CORDON_BY_TEST_KEY.substring(CORDON_BY_TEST_KEY.indexOf(':') + 1);
    Map<String, VerificationReason> tags = new LinkedHashMap<>();
    tags.put("", VerificationReason.MISSING);
    tags.put("  ", VerificationReason.MISSING);
    tags.put(
        "hmac-sha256=0427babe572be244466b438f0a99050bfda26986693c89f21fb646f21d1e802c",
        VerificationReason.UNSUPPORTED_ALGORITHM);
    tags.put("ed448=journal-test:" + signature, VerificationReason.UNSUPPORTED_ALGORITHM);
    tags.put("not a tag", VerificationReason.MALFORMED);
    tags.put("ed25519=" + signature, VerificationReason.MALFORMED);
    tags.put("ed25519=journal-test:" + signature.substring(1), VerificationReason.MALFORMED);
    tags.put("ed25519=journal-test:" + signature + "==", VerificationReason.MALFORMED);
    // Standard base64 instead of base64url (this signature has a '_').
    tags.put(
        "ed25519=journal-test:" + signature.replace('_', '/').replace('-', '+'),
        VerificationReason.MALFORMED);
    tags.put("ed25519=journal:test:" + signature, VerificationReason.MALFORMED);
    tags.put("ed25519=:" + signature, VerificationReason.MALFORMED);

    tags.forEach(
        (tag, reason) ->
            assertThat(verifier.verify(Actions.CORDON, tag).reason()).as(tag).isEqualTo(reason));
    assertThat(verifier.verify(Actions.CORDON, null))
        .isEqualTo(new JournalVerification(VerificationReason.MISSING, null));
  }

  @Test
  void aSignerNeedsAValidKeyIdAndAnEd25519Key() {
    assertThatThrownBy(() -> new JournalSigner("journal-test", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an Ed25519 private key is needed");
    assertThatThrownBy(
            () ->
                new JournalSigner(
                    "has:colon",
                    JournalKeys.privateKey("test", Actions.resource("journal-test-key.pem"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "signer: key id 'has:colon' is not 1 to 64 letters, digits, '.', '_' or '-' starting"
                + " with a letter or digit");
    assertThatThrownBy(() -> new JournalVerifier(Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("at least one verification key is needed");
  }

  private static RemediationAction with(
      RemediationAction a, ActionState state, String patch, PolicyRef policy) {
    return new RemediationAction(
        a.actionId(),
        a.incidentId(),
        a.step(),
        a.type(),
        state,
        a.target(),
        patch,
        a.inversePatch(),
        a.reason(),
        a.message(),
        a.approvedBy(),
        a.approvalChannel(),
        a.approvedAt(),
        a.attempt(),
        a.maxAttempts(),
        a.dryRun(),
        a.correlation(),
        a.updatedAt(),
        a.episode(),
        policy);
  }
}
