package io.strata.journal.signature;

import io.strata.events.remediation.RemediationAction;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;

/**
 * Signs journal records: Ed25519 (RFC 8032, the JDK's {@code Signature.getInstance("Ed25519")}, JEP
 * 339) over {@link JournalCanonical#bytes}, written as {@link JournalTag}'s {@code
 * ed25519=<keyId>:<base64url>}. Ed25519 is deterministic: the same key and content give the same
 * tag. Thread-safe (a {@link Signature} per call).
 */
public final class JournalSigner {

  private final String keyId;
  private final PrivateKey key;

  /**
   * @param keyId names the public key that verifies these tags ({@link JournalKeys#keyId})
   * @param key an Ed25519 private key ({@link JournalKeys#privateKey})
   */
  public JournalSigner(String keyId, PrivateKey key) {
    this.keyId = JournalKeys.keyId("signer", keyId);
    if (!JournalKeys.isEd25519(key)) {
      throw new IllegalArgumentException("an Ed25519 private key is needed");
    }
    this.key = key;
  }

  /** The key id every tag of this signer names. */
  public String keyId() {
    return keyId;
  }

  /** The tag of {@code action}: {@code ed25519=<keyId>:<86 base64url characters>}. */
  public String tag(RemediationAction action) {
    return JournalTag.format(keyId, sign(JournalCanonical.bytes(action)));
  }

  private byte[] sign(byte[] content) {
    try {
      Signature signature = Signature.getInstance("Ed25519");
      signature.initSign(key);
      signature.update(content);
      return signature.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Ed25519 signing failed with a checked key", e);
    }
  }
}
