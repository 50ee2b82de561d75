package io.strata.correlator.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class DeadLetterRecordsTest {

  @Test
  void keepsTheOriginalBytesAndHeadersAndAddsReasonAndOrigin() {
    RecordHeaders original = new RecordHeaders();
    original.add("ce_type", "io.strata.device_sample.v1".getBytes(StandardCharsets.UTF_8));
    byte[] key = "c/n/GPU-1".getBytes(StandardCharsets.UTF_8);
    byte[] value = "{broken".getBytes(StandardCharsets.UTF_8);
    Instant failedAt = Instant.parse("2026-11-30T10:00:00Z");

    ProducerRecord<byte[], byte[]> record =
        DeadLetterRecords.of(
            DeadLetterReason.DESERIALIZATION_FAILED,
            Topics.DEVICE_SAMPLES.name(),
            2,
            41,
            key,
            value,
            original,
            new IllegalStateException("outer", new IllegalArgumentException("root")),
            failedAt);

    assertThat(record.topic()).isEqualTo(Topics.DEADLETTER.name());
    assertThat(record.key()).isEqualTo(key);
    assertThat(record.value()).isEqualTo(value);
    assertThat(record.headers().lastHeader("ce_type")).isNotNull();
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
