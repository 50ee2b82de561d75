package io.strata.deviceingest.kafka;

import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import io.strata.events.device.XidEvent;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.util.Optional;
import org.apache.kafka.common.header.Headers;

/**
 * What one record of strata.device.xids.v1 is to the XID recovery, decided without side effects so
 * that every record (a fuzzed one too, XidRecordFuzzTest) is taken into the history or skipped with
 * a reason, and none throws. Strict on purpose: a record taken in suppresses the first-sight XID of
 * its GPU, so a forged or garbled one could hide a real fault, while one wrongly skipped only
 * re-fires a sticky XID once.
 */
public sealed interface XidRecord {

  /** Why a record was not taken into the history. */
  enum SkipReason {
    /** Another cluster's GPU (the topic is shared): not ours, not unreadable. */
    OTHER_CLUSTER(false),
    /** A tombstone: nothing to recover (XIDs are never deleted, but a value may be null). */
    TOMBSTONE(false),
    NO_KEY(true),
    /** ce_* headers missing or malformed: device-ingest always writes them (binary mode). */
    NOT_A_CLOUDEVENT(true),
    UNEXPECTED_EVENT_TYPE(true),
    DESERIALIZATION_FAILED(true),
    /** Without a detection time the latest XID of the GPU cannot be decided. */
    MISSING_DETECTED_AT(true),
    /** The event's cluster/node/gpu_uuid is not its record key. */
    KEY_MISMATCH(true);

    private final boolean unreadable;

    SkipReason(boolean unreadable) {
      this.unreadable = unreadable;
    }

    /** Whether the record should have been readable (counted and logged as unreadable). */
    public boolean unreadable() {
      return unreadable;
    }
  }

  record Taken(String key, XidEvent event) implements XidRecord {}

  record Skipped(SkipReason reason, String detail) implements XidRecord {}

  /**
   * @param cluster this replica's cluster: only keys {@code cluster/...} are its GPUs
   */
  static XidRecord read(String cluster, String key, Headers headers, byte[] value) {
    if (key == null) {
      return new Skipped(SkipReason.NO_KEY, "record without a key");
    }
    if (!key.startsWith(cluster + "/")) {
      return new Skipped(SkipReason.OTHER_CLUSTER, "key of another cluster");
    }
    if (value == null) {
      return new Skipped(SkipReason.TOMBSTONE, "tombstone for " + key);
    }
    Optional<CloudEventMetadata> metadata = CloudEventHeaders.read(headers);
    if (metadata.isEmpty()) {
      return new Skipped(SkipReason.NOT_A_CLOUDEVENT, "missing ce_* headers");
    }
    if (!EventType.XID_EVENT.ceType().equals(metadata.get().type())) {
      return new Skipped(
          SkipReason.UNEXPECTED_EVENT_TYPE, "ce_type " + metadata.get().type() + " for " + key);
    }
    XidEvent event;
    try {
      event =
          Topics.DEVICE_XIDS
              .valueSerde()
              .deserializer()
              .deserialize(Topics.DEVICE_XIDS.name(), value);
    } catch (EventSerdeException e) {
      return new Skipped(SkipReason.DESERIALIZATION_FAILED, String.valueOf(e.getMessage()));
    }
    if (event.detectedAt() == null) {
      return new Skipped(SkipReason.MISSING_DETECTED_AT, "XID event for " + key + " without time");
    }
    if (!key.equals(keyOf(event))) {
      return new Skipped(
          SkipReason.KEY_MISMATCH,
          "XID event of "
              + event.cluster()
              + "/"
              + event.node()
              + "/"
              + event.gpuUuid()
              + " under key "
              + key);
    }
    return new Taken(key, event);
  }

  /**
   * The key device-ingest writes the event under (ScrapeProcessor), or null if a part is missing.
   */
  private static String keyOf(XidEvent event) {
    try {
      return Keys.gpu(event.cluster(), event.node(), event.gpuUuid());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
