package io.strata.journal.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Keys as openssl writes them (PEM) or as one line of base64 DER; bad ones named, never echoed. */
class JournalKeysTest {

  private static final String PRIVATE_PEM = Actions.resource("journal-test-key.pem");
  private static final String PUBLIC_PEM = Actions.resource("journal-test-key.pub.pem");

  @Test
  void pemAndOneLineBase64DerAreTheSameKey() {
    // What openssl wrote (resources/README.md): 48 bytes of PKCS#8, 44 of X.509.
    assertThat(Actions.base64Der(PRIVATE_PEM))
        .isEqualTo("MC4CAQAwBQYDK2VwBCIEII2fKmuEXA4mrkkLZl6bn/VGks1924xjvbKMkhPxLyaO");
    assertThat(Actions.base64Der(PUBLIC_PEM))
        .isEqualTo("MCowBQYDK2VwAyEA1QZrpIoD38rOnYaZKed004jyz2dgyVLR5aRvEv9vw3s=");

    assertThat(JournalKeys.privateKey("k", PRIVATE_PEM).getEncoded())
        .isEqualTo(JournalKeys.privateKey("k", Actions.base64Der(PRIVATE_PEM)).getEncoded())
        .hasSize(48);
    PublicKey fromPem = JournalKeys.publicKey("k", PUBLIC_PEM);
    assertThat(fromPem).isEqualTo(JournalKeys.publicKey("k", Actions.base64Der(PUBLIC_PEM)));
    // Unpadded base64 and surrounding whitespace are accepted too.
    assertThat(
            JournalKeys.publicKey(
                "k", " MCowBQYDK2VwAyEA1QZrpIoD38rOnYaZKed004jyz2dgyVLR5aRvEv9vw3s \n"))
        .isEqualTo(fromPem);
  }

  @Test
  void theListFormNamesEachKeyById() {
    Map<String, PublicKey> keys =
        JournalKeys.verificationKeys(
            "keys",
            " journal-test:"
                + Actions.base64Der(PUBLIC_PEM)
                + " , journal-2025:"
                + Actions.base64Der(Actions.resource("journal-old-key.pub.pem"))
                + ",");

    assertThat(keys.keySet()).containsExactly("journal-test", "journal-2025");
    assertThat(keys.get("journal-test")).isEqualTo(JournalKeys.publicKey("k", PUBLIC_PEM));
  }

  @Test
  void aKeyOfTheWrongKindIsNamedWithoutItsBytes() {
    assertThatThrownBy(() -> JournalKeys.privateKey("strata.x.private-key", PUBLIC_PEM))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "strata.x.private-key is a PEM PUBLIC KEY, expected -----BEGIN PRIVATE KEY-----; it"
                + " needs the private key");
    assertThatThrownBy(() -> JournalKeys.publicKey("strata.x.keys", PRIVATE_PEM))
        .hasMessage(
            "strata.x.keys is a PEM PRIVATE KEY, expected -----BEGIN PUBLIC KEY-----; a"
                + " verification key is the public key (openssl pkey -pubout)");
    assertThatThrownBy(
            () -> JournalKeys.privateKey("strata.x.private-key", Actions.base64Der(PUBLIC_PEM)))
        .hasMessage(
            "strata.x.private-key is a public key; it needs the private key (-----BEGIN PRIVATE"
                + " KEY-----)");
    assertThatThrownBy(() -> JournalKeys.publicKey("strata.x.keys", Actions.base64Der(PRIVATE_PEM)))
        .hasMessage(
            "strata.x.keys holds a private key; a verification key is the public key (openssl"
                + " pkey -pubout)")
        .message()
        .doesNotContain(Actions.base64Der(PRIVATE_PEM));
  }

  @Test
  void anotherAlgorithmOrNoKeyAtAllIsRefused() throws Exception {
    String ed448 =
        Base64.getEncoder()
            .encodeToString(
                KeyPairGenerator.getInstance("Ed448").generateKeyPair().getPublic().getEncoded());
    String p256 =
        Base64.getEncoder()
            .encodeToString(
                KeyPairGenerator.getInstance("EC").generateKeyPair().getPrivate().getEncoded());

    assertThatThrownBy(() -> JournalKeys.publicKey("k", ed448))
        .hasMessage(
            "k is not an Ed25519 public key in X.509 DER (-----BEGIN PUBLIC KEY----- as openssl"
                + " pkey -pubout writes it)");
    assertThatThrownBy(() -> JournalKeys.privateKey("k", p256))
        .hasMessage(
            "k is not an Ed25519 private key in PKCS#8 DER (create one with openssl genpkey"
                + " -algorithm ed25519)");
    assertThatThrownBy(() -> JournalKeys.privateKey("k", "aGVsbG8="))
        .hasMessage(
            "k is not an Ed25519 private key in PKCS#8 DER (create one with openssl genpkey"
                + " -algorithm ed25519)");
    assertThatThrownBy(() -> JournalKeys.privateKey("k", "not base64!"))
        .hasMessage("k is neither PEM (-----BEGIN PRIVATE KEY-----) nor base64 DER");
    assertThatThrownBy(() -> JournalKeys.privateKey("k", "  ")).hasMessage("k is empty");
    assertThatThrownBy(() -> JournalKeys.privateKey("k", null)).hasMessage("k is empty");
    assertThatThrownBy(
            () ->
                JournalKeys.privateKey(
                    "k",
                    "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIGb\n-----END ENCRYPTED PRIVATE KEY-----"))
        .hasMessage(
            "k is a PEM ENCRYPTED PRIVATE KEY, expected -----BEGIN PRIVATE KEY-----; write it"
                + " unencrypted (openssl pkey -in key.pem -out plain.pem)");
    assertThatThrownBy(
            () -> JournalKeys.privateKey("k", PRIVATE_PEM.replace("-----END PRIVATE KEY-----", "")))
        .hasMessage("k has no -----END PRIVATE KEY----- line");
  }

  @Test
  void aBadListIsNamedByEntry() {
    String pub = Actions.base64Der(PUBLIC_PEM);
    assertThatThrownBy(() -> JournalKeys.verificationKeys("keys", ""))
        .hasMessage("keys lists no key; expected keyId:base64DER[,keyId:base64DER...]");
    assertThatThrownBy(() -> JournalKeys.verificationKeys("keys", " , "))
        .hasMessage("keys lists no key");
    assertThatThrownBy(() -> JournalKeys.verificationKeys("keys", pub))
        .hasMessage("keys: entry 1 is not keyId:base64DER (no ':')");
    assertThatThrownBy(() -> JournalKeys.verificationKeys("keys", "a:" + pub + ",a:" + pub))
        .hasMessage("keys: key id 'a' is listed twice");
    assertThatThrownBy(() -> JournalKeys.verificationKeys("keys", "a:" + pub + ",b c:" + pub))
        .hasMessage(
            "keys: entry 2: key id 'b c' is not 1 to 64 letters, digits, '.', '_' or '-' starting"
                + " with a letter or digit");
    assertThatThrownBy(() -> JournalKeys.verificationKeys("keys", "a:" + pub + ",b:%%%"))
        .hasMessage("keys: key 'b' is neither PEM (-----BEGIN PUBLIC KEY-----) nor base64 DER");
  }
}
