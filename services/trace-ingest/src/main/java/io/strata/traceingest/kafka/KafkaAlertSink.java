package io.strata.traceingest.kafka;

import io.strata.events.EventType;
import io.strata.events.alert.AlertEvent;
import io.strata.events.topic.Topic;
import io.strata.kafka.produce.RecordStamper;
import io.strata.traceingest.alert.AlertEventIds;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Publishes alert events to the alerts topic on the span producer, keyed by fingerprint, with
 * CloudEvents headers whose ce_id is derived from the alert's state (a republished state keeps its
 * id). Completes only once Kafka acknowledged every record.
 */
public final class KafkaAlertSink implements AlertSink {

  private final Producer<String, byte[]> producer;
  private final String topic;
  private final Serializer<AlertEvent> values;
  // Every event brings its own time (received_at), so the clock is never asked.
  private final RecordStamper stamper =
      RecordStamper.withoutTraceContext(KafkaSpanSink.SOURCE, Clock.systemUTC());

  /** For a topic renamed per environment through strata.topic.alerts. */
  public KafkaAlertSink(
      Producer<String, byte[]> producer, String topicName, Topic<String, AlertEvent> topic) {
    this.producer = producer;
    this.topic = topicName;
    this.values = topic.valueSerde().serializer();
  }

  @Override
  public CompletionStage<Void> publish(List<AlertEvent> events) {
    return AcknowledgedBatch.send(producer, events, this::record);
  }

  private ProducerRecord<String, byte[]> record(AlertEvent event) {
    return stamper.record(
        topic,
        EventType.ALERT_EVENT,
        event.fingerprint(),
        values.serialize(topic, event),
        event.receivedAt(),
        Map.of(),
        AlertEventIds.ceId(event));
  }
}
