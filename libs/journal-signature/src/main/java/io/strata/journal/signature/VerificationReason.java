package io.strata.journal.signature;

/** Why a journal record's tag is, or is not, the signature of its content. */
public enum VerificationReason {
  UNSPECIFIED,
  /** The tag is an Ed25519 signature of the content by a listed key. */
  VERIFIED,
  /** The record carries no tag (no {@value JournalTag#HEADER} header, or an empty one). */
  MISSING,
  /** An {@code ed25519=} tag that is not {@code ed25519=<key id>:<86 base64url characters>}. */
  MALFORMED,
  /** Signed with a key id that is not among the verification keys (unknown, or retired). */
  UNKNOWN_KEY,
  /** The signature does not match the content: forged, altered, or signed by another key. */
  BAD_SIGNATURE,
  /** A tag of another algorithm, for example the HMAC {@code hmac-sha256=} of older records. */
  UNSUPPORTED_ALGORITHM
}
