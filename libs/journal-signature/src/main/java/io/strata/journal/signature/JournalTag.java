package io.strata.journal.signature;

import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The tag of a journal record, in the Kafka header {@value #HEADER}: {@code
 * ed25519=<keyId>:<signature>}, the 64-byte Ed25519 signature (RFC 8032) in base64url without
 * padding (RFC 4648 section 5), so 86 characters. The prefix names the algorithm; the key id says
 * which public key verifies it, so keys can be rotated while older records stay verifiable.
 */
public final class JournalTag {

  /** The Kafka header of strata.remediation.v1 records that carries the tag. */
  public static final String HEADER = "strata-integrity";

  /** The algorithm prefix of an Ed25519 tag. */
  public static final String PREFIX = "ed25519=";

  /** Ed25519 signatures are 64 bytes (RFC 8032 section 5.1.6). */
  static final int SIGNATURE_BYTES = 64;

  /** 64 bytes in base64url without padding. */
  static final int SIGNATURE_CHARACTERS = 86;

  /** Key ids: no ':' (ends the id in a tag) nor ',' (separates keys in the list form). */
  static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  /** Any {@code <algorithm>=} prefix, to tell another algorithm from garbage. */
  private static final Pattern ALGORITHM = Pattern.compile("[a-z0-9][a-z0-9-]*=.*", Pattern.DOTALL);

  private static final Pattern BASE64URL = Pattern.compile("[A-Za-z0-9_-]+");

  private JournalTag() {}

  /**
   * A tag read apart: its key id and signature, or (problem set) why it is not an Ed25519 tag.
   *
   * @param problem null when the tag has the Ed25519 shape
   */
  record Parsed(VerificationReason problem, String keyId, byte[] signature) {

    static Parsed failed(VerificationReason problem) {
      return new Parsed(problem, null, null);
    }
  }

  static String format(String keyId, byte[] signature) {
    return PREFIX + keyId + ":" + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
  }

  /** Whether {@code keyId} may name a key (letters, digits, '.', '_', '-'; at most 64). */
  public static boolean validKeyId(String keyId) {
    return keyId != null && KEY_ID.matcher(keyId).matches();
  }

  /** The tag's key id and signature, or why it has not the shape of an Ed25519 tag. */
  static Parsed parse(String tag) {
    if (tag == null || tag.isBlank()) {
      return Parsed.failed(VerificationReason.MISSING);
    }
    if (!tag.startsWith(PREFIX)) {
      return Parsed.failed(
          ALGORITHM.matcher(tag).matches()
              ? VerificationReason.UNSUPPORTED_ALGORITHM
              : VerificationReason.MALFORMED);
    }
    String rest = tag.substring(PREFIX.length());
    int colon = rest.indexOf(':');
    if (colon < 0) {
      return Parsed.failed(VerificationReason.MALFORMED);
    }
    String keyId = rest.substring(0, colon);
    String signature = rest.substring(colon + 1);
    if (!validKeyId(keyId)
        || signature.length() != SIGNATURE_CHARACTERS
        || !BASE64URL.matcher(signature).matches()) {
      return Parsed.failed(VerificationReason.MALFORMED);
    }
    return new Parsed(null, keyId, Base64.getUrlDecoder().decode(signature));
  }
}
