package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Sends a record the remediator cannot use to strata.deadletter.v1, bytes untouched. */
@ApplicationScoped
public class DeadLetterPublisher {

  private final MutinyEmitter<byte[]> emitter;
  private final MeterRegistry metrics;
  private final Clock clock;

  @Inject
  public DeadLetterPublisher(
      @Channel("deadletter-out") MutinyEmitter<byte[]> emitter,
      MeterRegistry metrics,
      Clock clock) {
    this.emitter = emitter;
    this.metrics = metrics;
    this.clock = clock;
  }

  public void send(ConsumerRecord<String, byte[]> record, DeadLetterReason reason, String detail) {
    RecordHeaders headers = new RecordHeaders();
    for (Header header : record.headers()) {
      headers.add(header);
    }
    DeadLetterHeaders.write(
        headers,
        new DeadLetter(
            reason,
            record.topic(),
            record.partition(),
            record.offset(),
            "remediator",
            detail,
            clock.instant()));
    emitter.sendMessageAndAwait(
        Message.of(record.value())
            .addMetadata(
                OutgoingKafkaRecordMetadata.<String>builder()
                    .withKey(record.key())
                    .withHeaders(headers)
                    .build()));
    metrics.counter("strata_remediator_dead_letters_total", "reason", reason.name()).increment();
  }
}
