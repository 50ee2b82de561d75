package io.strata.kafka.produce;

import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;

/**
 * Stamps what every Strata record carries besides its value: CloudEvents binary-mode headers
 * ({@code ce_*}, libs/events {@link CloudEventHeaders}) naming this service as the source, and the
 * W3C trace context ({@code traceparent}, {@code tracestate}) of the code that produced the event,
 * so a consumer's span continues the producer's trace.
 */
public final class RecordStamper {

  private final String source;
  private final Clock clock;
  private final TextMapPropagator propagator;

  /**
   * @param source the CloudEvents source, e.g. {@code /strata/k8s-watcher}
   * @param clock the time used when an event brings none of its own
   * @param propagator writes the trace context; {@link TextMapPropagator#noop()} writes none
   */
  public RecordStamper(String source, Clock clock, TextMapPropagator propagator) {
    this.source = source;
    this.clock = clock;
    this.propagator = propagator;
  }

  /** Without trace context: for services that do not trace their publishing. */
  public static RecordStamper withoutTraceContext(String source, Clock clock) {
    return new RecordStamper(source, clock, TextMapPropagator.noop());
  }

  public String source() {
    return source;
  }

  /**
   * The current trace context as header values, captured where the event is created (the publishing
   * thread has no context of its own).
   */
  public Map<String, String> captureTraceContext() {
    Map<String, String> carrier = new HashMap<>(4);
    propagator.inject(Context.current(), carrier, (map, key, value) -> map.put(key, value));
    return carrier;
  }

  /** A record with CloudEvents headers and the given captured trace context. */
  public ProducerRecord<String, byte[]> record(
      String topic,
      EventType type,
      String key,
      byte[] value,
      Instant time,
      Map<String, String> traceContext) {
    return record(topic, type, key, value, time, traceContext, null);
  }

  /**
   * As {@link #record(String, EventType, String, byte[], Instant, Map)}, with the event's own
   * CloudEvents id ({@code ceId}); null mints a fresh one.
   */
  public ProducerRecord<String, byte[]> record(
      String topic,
      EventType type,
      String key,
      byte[] value,
      Instant time,
      Map<String, String> traceContext,
      String ceId) {
    ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, value);
    if (ceId == null) {
      stamp(record.headers(), type, key, time, traceContext);
    } else {
      stamp(record.headers(), type, ceId, key, time, traceContext);
    }
    return record;
  }

  /** Writes the headers in place with a new event id; a null time means now. */
  public void stamp(
      Headers headers,
      EventType type,
      String subject,
      Instant time,
      Map<String, String> traceContext) {
    CloudEventHeaders.write(headers, type, source, subject, time == null ? clock.instant() : time);
    addTraceContext(headers, traceContext);
  }

  /**
   * Writes the headers in place with the given event id: for an event derived deterministically
   * from its input (a Kafka Streams topology that re-runs a record after a failure must give its
   * output the same ce_id, so consumers can drop the repeat). A null time means now.
   */
  public void stamp(
      Headers headers,
      EventType type,
      String id,
      String subject,
      Instant time,
      Map<String, String> traceContext) {
    CloudEventHeaders.write(
        headers,
        new CloudEventMetadata(
            id,
            source,
            type.ceType(),
            time == null ? clock.instant() : time,
            subject,
            CloudEventHeaders.SPEC_VERSION,
            CloudEventHeaders.CONTENT_TYPE_JSON));
    addTraceContext(headers, traceContext);
  }

  private static void addTraceContext(Headers headers, Map<String, String> traceContext) {
    traceContext.forEach(
        (name, value) -> {
          headers.remove(name);
          headers.add(name, value.getBytes(StandardCharsets.UTF_8));
        });
  }
}
