package io.strata.events.deadletter;

import io.strata.events.cloudevents.CloudEventHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.apache.kafka.common.header.Headers;

/** Writes and reads the headers that explain a dead-letter record. */
public final class DeadLetterHeaders {

  public static final String REASON = "strata_dlq_reason";
  public static final String ORIGIN_TOPIC = "strata_dlq_origin_topic";
  public static final String ORIGIN_PARTITION = "strata_dlq_origin_partition";
  public static final String ORIGIN_OFFSET = "strata_dlq_origin_offset";
  public static final String SERVICE = "strata_dlq_service";
  public static final String DETAIL = "strata_dlq_detail";
  public static final String FAILED_AT = "strata_dlq_failed_at";

  /** Longer details are cut: a header is no place for a whole stack trace. */
  static final int MAX_DETAIL_CHARS = 2_000;

  private DeadLetterHeaders() {}

  public static void write(Headers headers, DeadLetter deadLetter) {
    put(headers, REASON, deadLetter.reason().name());
    put(headers, ORIGIN_TOPIC, deadLetter.originTopic());
    put(headers, ORIGIN_PARTITION, Integer.toString(deadLetter.originPartition()));
    put(headers, ORIGIN_OFFSET, Long.toString(deadLetter.originOffset()));
    put(headers, SERVICE, deadLetter.service());
    String detail = deadLetter.detail() == null ? "" : deadLetter.detail();
    put(
        headers,
        DETAIL,
        detail.length() > MAX_DETAIL_CHARS ? detail.substring(0, MAX_DETAIL_CHARS) : detail);
    put(headers, FAILED_AT, deadLetter.failedAt().toString());
  }

  /** Empty when the headers do not describe a dead letter (no reason header). */
  public static Optional<DeadLetter> read(Headers headers) {
    String reason = CloudEventHeaders.last(headers, REASON);
    if (reason == null) {
      return Optional.empty();
    }
    return Optional.of(
        new DeadLetter(
            parseReason(reason),
            CloudEventHeaders.last(headers, ORIGIN_TOPIC),
            parseInt(CloudEventHeaders.last(headers, ORIGIN_PARTITION)),
            parseLong(CloudEventHeaders.last(headers, ORIGIN_OFFSET)),
            CloudEventHeaders.last(headers, SERVICE),
            CloudEventHeaders.last(headers, DETAIL),
            parseInstant(CloudEventHeaders.last(headers, FAILED_AT))));
  }

  private static DeadLetterReason parseReason(String raw) {
    try {
      return DeadLetterReason.valueOf(raw);
    } catch (IllegalArgumentException e) {
      return DeadLetterReason.UNSPECIFIED;
    }
  }

  private static int parseInt(String raw) {
    try {
      return raw == null ? -1 : Integer.parseInt(raw);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static long parseLong(String raw) {
    try {
      return raw == null ? -1 : Long.parseLong(raw);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static Instant parseInstant(String raw) {
    try {
      return raw == null ? null : Instant.parse(raw);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static void put(Headers headers, String key, String value) {
    headers.remove(key);
    headers.add(key, (value == null ? "" : value).getBytes(StandardCharsets.UTF_8));
  }
}
