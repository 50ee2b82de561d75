package io.strata.correlator.streams;

import io.strata.events.EventType;
import io.strata.kafka.produce.RecordStamper;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * The topology step that gives every record the correlator publishes its own CloudEvents headers
 * (binary mode, written by kafka-support's {@link RecordStamper} like every other Strata
 * publisher's), replacing whatever headers the input record carried except its W3C trace context.
 * The ce_id is derived from the record (incident id and revision, finding id and kind), so a re-run
 * after a failure produces the same event id.
 */
final class CloudEventStamp<V> implements FixedKeyProcessor<String, V, V> {

  static final String SOURCE = "/strata/correlator";

  /** W3C trace context of the input that caused the output, kept so traces continue through. */
  static final List<String> TRACE_CONTEXT = List.of("traceparent", "tracestate");

  // Never asked for the time: the event's own time or the record's timestamp is always given.
  private static final RecordStamper STAMPER =
      RecordStamper.withoutTraceContext(SOURCE, Clock.systemUTC());

  private final EventType type;
  private final Function<V, String> id;
  private final Function<V, Instant> time;
  private FixedKeyProcessorContext<String, V> context;

  CloudEventStamp(EventType type, Function<V, String> id, Function<V, Instant> time) {
    this.type = type;
    this.id = id;
    this.time = time;
  }

  @Override
  public void init(FixedKeyProcessorContext<String, V> context) {
    this.context = context;
  }

  @Override
  public void process(FixedKeyRecord<String, V> record) {
    Map<String, String> traceContext = new HashMap<>(4);
    for (String traceHeader : TRACE_CONTEXT) {
      Header header = record.headers().lastHeader(traceHeader);
      if (header != null && header.value() != null) {
        traceContext.put(traceHeader, new String(header.value(), StandardCharsets.UTF_8));
      }
    }
    Instant at = time.apply(record.value());
    RecordHeaders headers = new RecordHeaders();
    STAMPER.stamp(
        headers,
        type,
        id.apply(record.value()),
        record.key(),
        at == null ? Instant.ofEpochMilli(record.timestamp()) : at,
        traceContext);
    context.forward(record.withHeaders(headers));
  }
}
