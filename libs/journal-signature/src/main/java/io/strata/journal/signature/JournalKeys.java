package io.strata.journal.signature;

import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.EdECKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads Ed25519 keys from settings. A key is given either as PEM, as {@code openssl genpkey
 * -algorithm ed25519} (PKCS#8, {@code -----BEGIN PRIVATE KEY-----}) and {@code openssl pkey
 * -pubout} (X.509 SubjectPublicKeyInfo, {@code -----BEGIN PUBLIC KEY-----}) write them (RFC 7468,
 * RFC 8410), or as the same DER in base64 on one line. Verification keys come as a list, {@code
 * keyId:base64DER,keyId2:base64DER}, which fits one environment variable. A bad key is an {@link
 * IllegalArgumentException} naming the setting and what is wrong, never the key's bytes.
 */
public final class JournalKeys {

  private static final String ALGORITHM = "Ed25519";
  private static final String PRIVATE = "PRIVATE KEY";
  private static final String PUBLIC = "PUBLIC KEY";

  private JournalKeys() {}

  /** The signing key in {@code text} (PEM or base64 PKCS#8 DER); {@code setting} names it. */
  public static PrivateKey privateKey(String setting, String text) {
    byte[] der = der(setting, text, PRIVATE, PUBLIC);
    try {
      return factory().generatePrivate(new PKCS8EncodedKeySpec(der));
    } catch (InvalidKeySpecException | ClassCastException e) {
      if (parsesAsPublic(der)) {
        throw new IllegalArgumentException(
            setting + " is a public key; it needs the private key (-----BEGIN PRIVATE KEY-----)");
      }
      throw new IllegalArgumentException(
          setting
              + " is not an Ed25519 private key in PKCS#8 DER (create one with openssl genpkey"
              + " -algorithm ed25519)");
    }
  }

  /** A verification key in {@code text} (PEM or base64 X.509 DER); {@code setting} names it. */
  public static PublicKey publicKey(String setting, String text) {
    byte[] der = der(setting, text, PUBLIC, PRIVATE);
    try {
      return factory().generatePublic(new X509EncodedKeySpec(der));
    } catch (InvalidKeySpecException | ClassCastException e) {
      if (parsesAsPrivate(der)) {
        // Said without the key: a private key where a public one was meant must not be echoed.
        throw new IllegalArgumentException(
            setting
                + " holds a private key; a verification key is the public key (openssl pkey"
                + " -pubout)");
      }
      throw new IllegalArgumentException(
          setting
              + " is not an Ed25519 public key in X.509 DER (-----BEGIN PUBLIC KEY----- as openssl"
              + " pkey -pubout writes it)");
    }
  }

  /**
   * The verification keys of a list {@code keyId:base64DER,keyId2:base64DER} (whitespace around
   * entries ignored), in the listed order.
   */
  public static Map<String, PublicKey> verificationKeys(String setting, String list) {
    if (list == null || list.isBlank()) {
      throw new IllegalArgumentException(
          setting + " lists no key; expected keyId:base64DER[,keyId:base64DER...]");
    }
    Map<String, PublicKey> keys = new LinkedHashMap<>();
    int position = 0;
    for (String entry : list.split(",")) {
      position++;
      String trimmed = entry.strip();
      if (trimmed.isEmpty()) {
        continue;
      }
      int colon = trimmed.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException(
            setting + ": entry " + position + " is not keyId:base64DER (no ':')");
      }
      String keyId = keyId(setting + ": entry " + position, trimmed.substring(0, colon).strip());
      if (keys.containsKey(keyId)) {
        throw new IllegalArgumentException(setting + ": key id '" + keyId + "' is listed twice");
      }
      keys.put(
          keyId,
          publicKey(setting + ": key '" + keyId + "'", trimmed.substring(colon + 1).strip()));
    }
    if (keys.isEmpty()) {
      throw new IllegalArgumentException(setting + " lists no key");
    }
    return Collections.unmodifiableMap(keys);
  }

  /**
   * {@code keyId}, checked: 1 to 64 of letters, digits, '.', '_' and '-', starting alphanumeric.
   */
  public static String keyId(String setting, String keyId) {
    if (!JournalTag.validKeyId(keyId)) {
      throw new IllegalArgumentException(
          setting
              + ": key id '"
              + (keyId == null ? "" : keyId)
              + "' is not 1 to 64 letters, digits, '.', '_' or '-' starting with a letter or"
              + " digit");
    }
    return keyId;
  }

  /** The DER bytes of a PEM block labelled {@code label}, or of one-line base64. */
  private static byte[] der(String setting, String text, String label, String otherLabel) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(setting + " is empty");
    }
    String trimmed = text.strip();
    if (!trimmed.startsWith("-----BEGIN ")) {
      return base64(setting, trimmed, "neither PEM (-----BEGIN " + label + "-----) nor base64 DER");
    }
    String begin = "-----BEGIN " + label + "-----";
    String end = "-----END " + label + "-----";
    if (!trimmed.startsWith(begin)) {
      int close = trimmed.indexOf("-----", "-----BEGIN ".length());
      String found = close < 0 ? "?" : trimmed.substring("-----BEGIN ".length(), close);
      String hint =
          found.equals(otherLabel)
              ? (label.equals(PRIVATE)
                  ? "; it needs the private key"
                  : "; a verification key is the public key (openssl pkey -pubout)")
              : found.startsWith("ENCRYPTED")
                  ? "; write it unencrypted (openssl pkey -in key.pem -out plain.pem)"
                  : "";
      throw new IllegalArgumentException(
          setting + " is a PEM " + found + ", expected " + begin + hint);
    }
    int endAt = trimmed.indexOf(end);
    if (endAt < 0) {
      throw new IllegalArgumentException(setting + " has no " + end + " line");
    }
    String body = trimmed.substring(begin.length(), endAt).replaceAll("\\s", "");
    return base64(setting, body, "a PEM body that is not base64");
  }

  private static byte[] base64(String setting, String text, String problem) {
    byte[] der;
    try {
      der = Base64.getDecoder().decode(text.replaceAll("\\s", ""));
    } catch (IllegalArgumentException e) {
      // Not the decoder's message: it may quote the (secret) text.
      throw new IllegalArgumentException(setting + " is " + problem, null);
    }
    if (der.length == 0) {
      throw new IllegalArgumentException(setting + " is empty");
    }
    return der;
  }

  /** Whether {@code key} is an Ed25519 key (not Ed448, RSA or EC). */
  static boolean isEd25519(Key key) {
    return key instanceof EdECKey ed && ALGORITHM.equalsIgnoreCase(ed.getParams().getName());
  }

  private static boolean parsesAsPublic(byte[] der) {
    try {
      factory().generatePublic(new X509EncodedKeySpec(der));
      return true;
    } catch (InvalidKeySpecException | RuntimeException e) {
      return false;
    }
  }

  private static boolean parsesAsPrivate(byte[] der) {
    try {
      factory().generatePrivate(new PKCS8EncodedKeySpec(der));
      return true;
    } catch (InvalidKeySpecException | RuntimeException e) {
      return false;
    }
  }

  private static KeyFactory factory() {
    try {
      return KeyFactory.getInstance(ALGORITHM);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Ed25519 is part of every JDK since 15 (JEP 339)", e);
    }
  }
}
