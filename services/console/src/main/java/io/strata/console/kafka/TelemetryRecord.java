package io.strata.console.kafka;

import io.strata.console.core.IncidentTelemetry;
import io.strata.console.core.TelemetryKind;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.Optional;

/**
 * Keeps one record of a telemetry topic that an incident page asked for (a sample, an XID or a
 * span), or says why not. Pure, like {@link RecordRouter}: {@link TelemetryReader} calls it for the
 * records whose key it wants; tests call it with bytes.
 */
public final class TelemetryRecord {

  private TelemetryRecord() {}

  /**
   * Decodes {@code value} as {@code kind}'s event and adds it; the reason it was skipped, if so.
   */
  public static Optional<RecordRouter.SkipReason> keep(
      TelemetryKind kind, byte[] value, IncidentTelemetry telemetry) {
    if (value == null) {
      return Optional.of(RecordRouter.SkipReason.DESERIALIZATION_FAILED);
    }
    try {
      switch (kind) {
        case SAMPLES -> telemetry.sample(decode(Topics.DEVICE_SAMPLES, value));
        case XIDS -> telemetry.xid(decode(Topics.DEVICE_XIDS, value));
        case SPANS -> telemetry.span(decode(Topics.TRACE_SPANS, value));
        default -> {
          return Optional.of(RecordRouter.SkipReason.UNKNOWN_TOPIC);
        }
      }
      return Optional.empty();
    } catch (EventSerdeException e) {
      return Optional.of(RecordRouter.SkipReason.DESERIALIZATION_FAILED);
    }
  }

  /** The topic that holds {@code kind}'s records. */
  public static Topic<String, ?> topic(TelemetryKind kind) {
    return switch (kind) {
      case SAMPLES -> Topics.DEVICE_SAMPLES;
      case XIDS -> Topics.DEVICE_XIDS;
      case SPANS -> Topics.TRACE_SPANS;
      default -> throw new IllegalArgumentException("no topic for " + kind);
    };
  }

  private static <V> V decode(Topic<String, V> topic, byte[] value) {
    return topic.valueSerde().deserializer().deserialize(topic.name(), value);
  }
}
