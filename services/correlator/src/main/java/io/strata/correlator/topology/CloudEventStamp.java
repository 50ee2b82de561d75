package io.strata.correlator.topology;

import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Gives every record the correlator publishes its own CloudEvents headers (binary mode), replacing
 * whatever headers the input record carried except its W3C trace context. The ce_id is derived from
 * the record (incident id and revision, finding id and kind), so a re-run after a failure produces
 * the same event id.
 */
final class CloudEventStamp<V> implements FixedKeyProcessor<String, V, V> {

  static final String SOURCE = "/strata/correlator";

  /** W3C trace context of the input that caused the output, kept so traces continue through. */
  static final List<String> TRACE_CONTEXT = List.of("traceparent", "tracestate");

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
    RecordHeaders headers = new RecordHeaders();
    for (String traceHeader : TRACE_CONTEXT) {
      Header header = record.headers().lastHeader(traceHeader);
      if (header != null) {
        headers.add(traceHeader, header.value());
      }
    }
    Instant at = time.apply(record.value());
    CloudEventHeaders.write(
        headers,
        new CloudEventMetadata(
            id.apply(record.value()),
            SOURCE,
            type.ceType(),
            at == null ? Instant.ofEpochMilli(record.timestamp()) : at,
            record.key(),
            CloudEventHeaders.SPEC_VERSION,
            CloudEventHeaders.CONTENT_TYPE_JSON));
    context.forward(record.withHeaders(headers));
  }
}
