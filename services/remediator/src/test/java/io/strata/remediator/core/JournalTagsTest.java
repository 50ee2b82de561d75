package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.journal.signature.JournalVerification;
import io.strata.journal.signature.VerificationReason;
import io.strata.remediator.TestKeys;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.JournalTags;
import io.strata.remediator.core.journal.LegacyHmacTag;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The remediator's signing settings: checked at startup against the verification keys (the message
 * names the setting), rotation by key id, and legacy HMAC tags only with the old key.
 */
class JournalTagsTest {

  private static final RemediationAction PROPOSED =
      Actions.proposed(
          ActionIds.of("inc-1", 1, ActionType.CORDON_NODE, TargetGateway.node("gpu-1")),
          "inc-1",
          1,
          ActionType.CORDON_NODE,
          TargetGateway.node("gpu-1"),
          "{\"spec\":{\"unschedulable\":true}}",
          null,
          "step 1",
          3,
          false,
          null,
          Fixtures.T0);

  @Test
  void verificationKeysWithoutTheSigningKeyIdFailStartupNamingTheSetting() {
    assertThatThrownBy(
            () ->
                JournalTags.of(
                    "core-test",
                    TestKeys.CORE_PRIVATE,
                    "journal-2025:" + TestKeys.CORE_PUBLIC,
                    Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "strata.remediator.signing.verification-keys does not list the signing key id"
                + " 'core-test' (strata.remediator.signing.key-id); it lists [journal-2025]. Add"
                + " keyId:base64DER of the signing key's public key (openssl pkey -pubout).");
  }

  @Test
  void anotherPublicKeyUnderTheSigningKeyIdFailsStartupNamingTheSetting() {
    assertThatThrownBy(
            () ->
                JournalTags.of(
                    "core-test",
                    TestKeys.CORE_PRIVATE,
                    "core-test:" + TestKeys.ATTACKER_PUBLIC,
                    Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "strata.remediator.signing.verification-keys lists under 'core-test' a public key that"
                + " does not verify what strata.remediator.signing.private-key signs"
                + " (BAD_SIGNATURE); publish that private key's public key (openssl pkey -in key.pem"
                + " -pubout).");
  }

  @Test
  void aBadKeyOrKeyIdIsNamedBySetting() {
    assertThatThrownBy(
            () ->
                JournalTags.of(
                    "core-test",
                    TestKeys.CORE_PUBLIC,
                    "core-test:" + TestKeys.CORE_PUBLIC,
                    Optional.empty()))
        .hasMessage(
            "strata.remediator.signing.private-key is a public key; it needs the private key"
                + " (-----BEGIN PRIVATE KEY-----)");
    assertThatThrownBy(
            () ->
                JournalTags.of(
                    "core test",
                    TestKeys.CORE_PRIVATE,
                    "core-test:" + TestKeys.CORE_PUBLIC,
                    Optional.empty()))
        .hasMessageStartingWith("strata.remediator.signing.key-id: key id 'core test' is not");
    assertThatThrownBy(
            () -> JournalTags.of("core-test", TestKeys.CORE_PRIVATE, "", Optional.empty()))
        .hasMessageStartingWith("strata.remediator.signing.verification-keys lists no key");
    assertThatThrownBy(
            () ->
                JournalTags.of(
                    "core-test",
                    TestKeys.CORE_PRIVATE,
                    "core-test:" + TestKeys.CORE_PUBLIC,
                    Optional.of("too-short")))
        .hasMessage(
            "strata.remediator.signing.legacy-hmac-key must be at least 32 characters (the former"
                + " integrity.key)");
  }

  @Test
  void aRecordSignedWithTheOldKeyVerifiesWhileItsKeyIdIsListed() {
    // The attacker's pair stands in for the key used before the rotation.
    String before = TestKeys.attacker("journal-2025").tag(PROPOSED);
    JournalTags rotated =
        JournalTags.of(
            "core-test",
            TestKeys.CORE_PRIVATE,
            "core-test:" + TestKeys.CORE_PUBLIC + ",journal-2025:" + TestKeys.ATTACKER_PUBLIC,
            Optional.empty());

    assertThat(rotated.verify(PROPOSED, before))
        .isEqualTo(new JournalVerification(VerificationReason.VERIFIED, "journal-2025"));
    assertThat(rotated.tag(PROPOSED)).startsWith("ed25519=core-test:");
    assertThat(InMemoryJournal.SIGNER.verify(PROPOSED, before))
        .isEqualTo(new JournalVerification(VerificationReason.UNKNOWN_KEY, "journal-2025"));
  }

  @Test
  void aLegacyHmacTagVerifiesOnlyWithTheLegacyKey() {
    String legacy = new LegacyHmacTag(TestKeys.CORE_LEGACY_HMAC_KEY).tag(PROPOSED);
    JournalTags withoutLegacy =
        JournalTags.of(
            "core-test",
            TestKeys.CORE_PRIVATE,
            "core-test:" + TestKeys.CORE_PUBLIC,
            Optional.empty());
    JournalTags otherLegacy =
        JournalTags.of(
            "core-test",
            TestKeys.CORE_PRIVATE,
            "core-test:" + TestKeys.CORE_PUBLIC,
            Optional.of("another-legacy-key-0123456789abcdef"));

    assertThat(InMemoryJournal.SIGNER.verify(PROPOSED, legacy))
        .isEqualTo(new JournalVerification(VerificationReason.VERIFIED, null));
    assertThat(withoutLegacy.verify(PROPOSED, legacy).reason())
        .isEqualTo(VerificationReason.UNSUPPORTED_ALGORITHM);
    assertThat(otherLegacy.verify(PROPOSED, legacy).reason())
        .isEqualTo(VerificationReason.BAD_SIGNATURE);
  }
}
