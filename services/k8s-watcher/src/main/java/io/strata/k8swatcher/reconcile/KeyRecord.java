package io.strata.k8swatcher.reconcile;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * What one record of a compacted topic is to the stale-key reconcile, from its key bytes and
 * whether its value is null; decided without side effects so that every record (a fuzzed one too,
 * KeyRecordFuzzTest) is a live key, a tombstoned key, or rejected with a reason, and none throws.
 * Values are never deserialised: only null or not matters here.
 */
public sealed interface KeyRecord {

  /**
   * Longer keys were not written by a watcher, whose keys are the configured cluster name, a
   * namespace (at most 63 characters, a DNS label) and a name (at most 253, a DNS subdomain).
   * Rejecting them keeps a hostile key from being echoed back as a tombstone.
   */
  int MAX_KEY_BYTES = 4_096;

  /** Why a record's key is not taken into the reconcile. */
  enum RejectReason {
    NO_KEY,
    EMPTY_KEY,
    TOO_LONG,
    /**
     * Not UTF-8: decoded with replacement characters (StringDeserializer's way) it would be another
     * key, so its tombstone would never delete it.
     */
    NOT_UTF8
  }

  /** The key's latest value is an object's state. */
  record Live(String key) implements KeyRecord {}

  /** The key's latest value is a tombstone. */
  record Tombstoned(String key) implements KeyRecord {}

  record Rejected(RejectReason reason, String detail) implements KeyRecord {}

  static KeyRecord read(byte[] key, boolean tombstone) {
    if (key == null) {
      return new Rejected(RejectReason.NO_KEY, "record without a key");
    }
    if (key.length == 0) {
      return new Rejected(RejectReason.EMPTY_KEY, "empty key");
    }
    if (key.length > MAX_KEY_BYTES) {
      return new Rejected(
          RejectReason.TOO_LONG, key.length + " key bytes, more than " + MAX_KEY_BYTES);
    }
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(key))
              .toString();
    } catch (CharacterCodingException e) {
      return new Rejected(RejectReason.NOT_UTF8, "key of " + key.length + " bytes: " + e);
    }
    return tombstone ? new Tombstoned(text) : new Live(text);
  }
}
