package io.strata.deviceingest.scrape;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * CloudEvents ids, minted once when an event is created and derived from what the event is: the
 * same occurrence always has the same id, so a re-send (after a Kafka outage, a producer retry)
 * carries the id it was first given and consumers can de-duplicate on {@code ce_id}. Name-based
 * UUIDs (RFC 4122 version 3) over a type prefix and the identifying fields.
 */
final class EventIds {

  private EventIds() {}

  /** An XID occurrence: which GPU (and MIG instance), which XID, from which signal, when seen. */
  static String xid(String key, String migInstanceId, int xid, String source, Instant detectedAt) {
    return uuid("xid", key, nullToEmpty(migInstanceId), Integer.toString(xid), source, detectedAt);
  }

  /** A sample: which GPU (and MIG instance) at which scrape time. */
  static String sample(String key, String migInstanceId, Instant time) {
    return uuid("sample", key, nullToEmpty(migInstanceId), time);
  }

  private static String uuid(Object... parts) {
    StringBuilder name = new StringBuilder(96).append("strata-device-ingest");
    for (Object part : parts) {
      // '\n' cannot occur in keys, ids or instants, so the parts cannot run into each other.
      name.append('\n').append(part);
    }
    return UUID.nameUUIDFromBytes(name.toString().getBytes(StandardCharsets.UTF_8)).toString();
  }

  private static String nullToEmpty(String value) {
    return value == null ? "" : value;
  }
}
