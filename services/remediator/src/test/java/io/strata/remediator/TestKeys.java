package io.strata.remediator;

import io.strata.journal.signature.JournalKeys;
import io.strata.journal.signature.JournalSigner;
import io.strata.remediator.core.journal.JournalTags;
import java.util.Optional;

/**
 * Fixed Ed25519 key pairs of the tests, NOT SECRETS, each made once with {@code openssl genpkey
 * -algorithm ed25519} and written as one-line base64 DER ({@code openssl pkey -outform DER | base64
 * -w0}; the public half with {@code -pubout}).
 */
public final class TestKeys {

  /** The core tests' key (the %test profile's is strata-demo-1, application.properties). */
  public static final String CORE_KEY_ID = "core-test";

  public static final String CORE_PRIVATE =
      "MC4CAQAwBQYDK2VwBCIEIE7QBLcTKlquFHbZZLUvLR9HUSbtGfVY2ONM+gCL1SnS";
  public static final String CORE_PUBLIC =
      "MCowBQYDK2VwAyEAsUHlOxD+ny+svcWz7n+aF63f1e/1Z91mNifW4qXxz+k=";

  /** An attacker's own key pair: signs well-formed tags no listed key verifies. */
  public static final String ATTACKER_PRIVATE =
      "MC4CAQAwBQYDK2VwBCIEILx+CDgrTFUULfJy1RoWICwWflcq79pQQoqfIZaIDq2h";

  public static final String ATTACKER_PUBLIC =
      "MCowBQYDK2VwAyEADhR+lW6VzJJz8CSBddAPTZo8usa+NxThr1jwJpV3q4s=";

  /** The HMAC key of the core tests' legacy records (the former integrity.key). */
  public static final String CORE_LEGACY_HMAC_KEY = "core-test-integrity-key-0123456789abcdef";

  private TestKeys() {}

  /** The core tests' journal tags, the legacy key configured. */
  public static JournalTags core() {
    return JournalTags.of(
        CORE_KEY_ID,
        CORE_PRIVATE,
        CORE_KEY_ID + ":" + CORE_PUBLIC,
        Optional.of(CORE_LEGACY_HMAC_KEY));
  }

  /** A signer with the attacker's key that claims {@code keyId}. */
  public static JournalSigner attacker(String keyId) {
    return new JournalSigner(keyId, JournalKeys.privateKey("attacker", ATTACKER_PRIVATE));
  }
}
