package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class CorrelatorDeadLettersTest {

  @Test
  void anUnreadableRecordKeepsItsBytesAndHeadersAndGainsReasonAndOrigin() {
    byte[] key = "c/n/GPU-1".getBytes(StandardCharsets.UTF_8);
    byte[] value = "{broken".getBytes(StandardCharsets.UTF_8);
    ConsumerRecord<byte[], byte[]> unreadable =
        new ConsumerRecord<>(Topics.DEVICE_SAMPLES.name(), 2, 41, key, value);
    unreadable
        .headers()
        .add("ce_type", "io.strata.device_sample.v1".getBytes(StandardCharsets.UTF_8));
    Instant failedAt = Instant.parse("2026-11-30T10:00:00Z");

    ProducerRecord<byte[], byte[]> record =
        CorrelatorDeadLetters.unreadable(
            unreadable,
            new IllegalStateException("outer", new IllegalArgumentException("root")),
            failedAt);

    assertThat(record.topic()).isEqualTo(Topics.DEADLETTER.name());
    assertThat(record.key()).isEqualTo(key);
    assertThat(record.value()).isEqualTo(value);
    // The original ce_type stays: it says what the record claimed to be.
    assertThat(CloudEventHeaders.last(record.headers(), "ce_type"))
        .isEqualTo("io.strata.device_sample.v1");
    DeadLetter letter = DeadLetterHeaders.read(record.headers()).orElseThrow();
    assertThat(letter)
        .isEqualTo(
            new DeadLetter(
                DeadLetterReason.DESERIALIZATION_FAILED,
                Topics.DEVICE_SAMPLES.name(),
                2,
                41,
                "correlator",
                "IllegalStateException: outer (caused by IllegalArgumentException: root)",
                failedAt));
  }
}
