package io.strata.kafka.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class DeadLetterTest {

  private static final Instant FAILED_AT = Instant.parse("2026-12-01T10:00:00Z");

  private static ProducerRecord<byte[], byte[]> deadLetter() {
    RecordHeaders original = new RecordHeaders();
    original.add(
        CloudEventHeaders.CE_TYPE, "io.strata.incident.v1".getBytes(StandardCharsets.UTF_8));
    return DeadLetterRecords.of(
        "remediator",
        DeadLetterReason.DESERIALIZATION_FAILED,
        "strata.incidents.v1",
        2,
        41L,
        "key".getBytes(StandardCharsets.UTF_8),
        "{not json".getBytes(StandardCharsets.UTF_8),
        original,
        DeadLetterRecords.describe(
            new IllegalArgumentException("bad", new IllegalStateException("root"))),
        FAILED_AT);
  }

  @Test
  void keepsTheBytesAndTheOriginalCeTypeAndAddsReasonAndOrigin() {
    ProducerRecord<byte[], byte[]> record = deadLetter();

    assertThat(record.topic()).isEqualTo("strata.deadletter.v1");
    assertThat(new String(record.value(), StandardCharsets.UTF_8)).isEqualTo("{not json");
    assertThat(CloudEventHeaders.last(record.headers(), CloudEventHeaders.CE_TYPE))
        .isEqualTo("io.strata.incident.v1");
    assertThat(DeadLetterHeaders.read(record.headers()))
        .contains(
            new DeadLetter(
                DeadLetterReason.DESERIALIZATION_FAILED,
                "strata.incidents.v1",
                2,
                41L,
                "remediator",
                "IllegalArgumentException: bad (caused by IllegalStateException: root)",
                FAILED_AT));
  }

  @Test
  void publishIsTrueOnlyOnceTheBrokerAcknowledged() {
    MockProducer<byte[], byte[]> acknowledging =
        new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    assertThat(new DeadLetterPublisher(acknowledging, Duration.ofSeconds(1)).publish(deadLetter()))
        .isTrue();
    assertThat(acknowledging.history()).hasSize(1);

    MockProducer<byte[], byte[]> silent =
        new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
    assertThat(new DeadLetterPublisher(silent, Duration.ofMillis(50)).publish(deadLetter()))
        .isFalse();
  }
}
