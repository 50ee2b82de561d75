package io.strata.deviceingest.publish;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Turns an {@link OutboundRecord} into a Kafka record with CloudEvents binary-mode headers. The id
 * is the record's own (minted when the event was created), never a new one per send.
 */
final class RecordSender implements PublishLane.Sender<OutboundRecord> {

  private final Producer<String, byte[]> producer;
  private final String source;

  RecordSender(Producer<String, byte[]> producer, String source) {
    this.producer = producer;
    this.source = source;
  }

  @Override
  public void send(OutboundRecord record, Consumer<Exception> acknowledged) {
    ProducerRecord<String, byte[]> producerRecord =
        new ProducerRecord<>(record.topic(), record.key(), record.value());
    CloudEventHeaders.write(
        producerRecord.headers(),
        new CloudEventMetadata(
            record.id(),
            source,
            record.type().ceType(),
            record.time(),
            record.key(),
            CloudEventHeaders.SPEC_VERSION,
            CloudEventHeaders.CONTENT_TYPE_JSON));
    record
        .traceContext()
        .forEach((k, v) -> producerRecord.headers().add(k, v.getBytes(StandardCharsets.UTF_8)));
    producer.send(producerRecord, (metadata, error) -> acknowledged.accept(error));
  }

  /** Errors after which sending the same record again can never succeed. */
  static boolean permanent(Exception error) {
    return error instanceof RecordTooLargeException
        || error instanceof SerializationException
        || error instanceof InvalidTopicException;
  }
}
