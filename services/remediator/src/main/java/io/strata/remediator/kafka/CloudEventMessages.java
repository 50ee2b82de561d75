package io.strata.remediator.kafka;

import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import java.time.Instant;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Outgoing Kafka messages with their key and CloudEvents binary-mode headers. */
final class CloudEventMessages {

  static final String SOURCE = "/strata/remediator";

  private CloudEventMessages() {}

  static <T> Message<T> of(T payload, String key, EventType type, Instant time) {
    return of(payload, key, type, time, new RecordHeaders());
  }

  /** The same, with {@code headers} (say, the journal's integrity tag) besides the ce_* ones. */
  static <T> Message<T> of(
      T payload, String key, EventType type, Instant time, RecordHeaders headers) {
    CloudEventHeaders.write(headers, type, SOURCE, key, time);
    return Message.of(payload)
        .addMetadata(
            OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(key)
                .withHeaders(headers)
                .build());
  }
}
