package io.strata.events.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class DeadLetterHeadersTest {

  private static final DeadLetter LETTER =
      new DeadLetter(
          DeadLetterReason.DESERIALIZATION_FAILED,
          "strata.device.samples.v1",
          4,
          1_234_567_890_123L,
          "correlator",
          "SCHEMA_MISMATCH: not a DeviceSample on topic strata.device.samples.v1",
          Instant.parse("2026-03-14T09:26:53.589Z"));

  private static void set(Headers headers, String key, String value) {
    headers.remove(key);
    headers.add(key, value.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void writeThenReadRoundTrips() {
    Headers headers = new RecordHeaders();
    DeadLetterHeaders.write(headers, LETTER);
    assertThat(DeadLetterHeaders.read(headers)).contains(LETTER);
    assertThat(new String(headers.lastHeader("strata_dlq_reason").value(), StandardCharsets.UTF_8))
        .isEqualTo("DESERIALIZATION_FAILED");
    assertThat(
            new String(
                headers.lastHeader("strata_dlq_origin_offset").value(), StandardCharsets.UTF_8))
        .isEqualTo("1234567890123");
  }

  @Test
  void writeReplacesEarlierHeadersAndKeepsOthers() {
    Headers headers = new RecordHeaders();
    headers.add("ce_type", "io.strata.device_sample.v1".getBytes(StandardCharsets.UTF_8));
    DeadLetterHeaders.write(
        headers,
        new DeadLetter(DeadLetterReason.PROCESSING_FAILED, "t", 0, 0, "s", "first", Instant.EPOCH));
    DeadLetterHeaders.write(headers, LETTER);
    assertThat(headers.headers(DeadLetterHeaders.REASON)).hasSize(1);
    assertThat(headers.headers(DeadLetterHeaders.DETAIL)).hasSize(1);
    assertThat(new String(headers.lastHeader("ce_type").value(), StandardCharsets.UTF_8))
        .isEqualTo("io.strata.device_sample.v1");
    assertThat(DeadLetterHeaders.read(headers)).contains(LETTER);
  }

  @Test
  void aRecordThatNeverReachedAPartitionKeepsMinusOne() {
    DeadLetter unsent =
        new DeadLetter(
            DeadLetterReason.PRODUCE_FAILED,
            "strata.incidents.v1",
            -1,
            -1,
            "correlator",
            null,
            Instant.parse("2026-03-14T09:26:53Z"));
    Headers headers = new RecordHeaders();
    DeadLetterHeaders.write(headers, unsent);
    DeadLetter read = DeadLetterHeaders.read(headers).orElseThrow();
    assertThat(read.originPartition()).isEqualTo(-1);
    assertThat(read.originOffset()).isEqualTo(-1);
    assertThat(read.detail()).as("a null detail is written empty").isEmpty();
  }

  @Test
  void aLongDetailIsCut() {
    String detail = "x".repeat(DeadLetterHeaders.MAX_DETAIL_CHARS + 500);
    Headers headers = new RecordHeaders();
    DeadLetterHeaders.write(
        headers,
        new DeadLetter(
            DeadLetterReason.PROCESSING_FAILED, "t", 0, 1, "remediator", detail, Instant.EPOCH));
    assertThat(DeadLetterHeaders.read(headers).orElseThrow().detail())
        .hasSize(DeadLetterHeaders.MAX_DETAIL_CHARS);
  }

  @Test
  void noReasonHeaderIsNoDeadLetter() {
    Headers headers = new RecordHeaders();
    assertThat(DeadLetterHeaders.read(headers)).isEmpty();
    DeadLetterHeaders.write(headers, LETTER);
    headers.remove(DeadLetterHeaders.REASON);
    assertThat(DeadLetterHeaders.read(headers)).isEmpty();
  }

  @Test
  void unreadableValuesDegradeInsteadOfFailing() {
    Headers headers = new RecordHeaders();
    DeadLetterHeaders.write(headers, LETTER);
    set(headers, DeadLetterHeaders.REASON, "COSMIC_RAY");
    set(headers, DeadLetterHeaders.ORIGIN_PARTITION, "four");
    set(headers, DeadLetterHeaders.ORIGIN_OFFSET, "");
    set(headers, DeadLetterHeaders.FAILED_AT, "yesterday");
    headers.remove(DeadLetterHeaders.SERVICE);
    DeadLetter read = DeadLetterHeaders.read(headers).orElseThrow();
    assertThat(read.reason()).isEqualTo(DeadLetterReason.UNSPECIFIED);
    assertThat(read.originPartition()).isEqualTo(-1);
    assertThat(read.originOffset()).isEqualTo(-1);
    assertThat(read.failedAt()).isNull();
    assertThat(read.service()).isNull();
    assertThat(read.originTopic()).isEqualTo(LETTER.originTopic());
  }
}
