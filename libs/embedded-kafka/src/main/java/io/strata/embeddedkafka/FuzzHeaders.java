package io.strata.embeddedkafka;

import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * CloudEvents headers for fuzz tests of a Kafka input (the remediator's IncidentRecordFuzzTest,
 * device-ingest's XidRecordFuzzTest): none, another event's type, garbled, or genuine.
 */
public final class FuzzHeaders {

  private FuzzHeaders() {}

  /**
   * 0: none; 1: {@code other}'s type; 2: random bytes for type, time and id (not a CloudEvent, or
   * another type, depending on the bytes); otherwise genuine headers of {@code genuine}.
   */
  public static Headers of(
      int kind, EventType genuine, EventType other, String source, Random random) {
    Headers headers = new RecordHeaders();
    if (kind == 0) {
      return headers;
    }
    EventType type = kind == 1 ? other : genuine;
    CloudEventHeaders.write(headers, type, source, "fuzz", Instant.EPOCH);
    if (kind == 2) {
      for (String name :
          List.of(CloudEventHeaders.CE_TYPE, CloudEventHeaders.CE_TIME, CloudEventHeaders.CE_ID)) {
        headers.remove(name);
        byte[] bytes = new byte[random.nextInt(64)];
        random.nextBytes(bytes);
        headers.add(name, bytes);
      }
    }
    return headers;
  }
}
