package io.strata.traceingest.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.alert.AlertEvent;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Everything strata.alerts.v1 holds up to its current end: called after a 200, which waits for
 * Kafka's acknowledgement, it sees every record published so far (and proves none more was).
 */
final class AlertTopic {

  private AlertTopic() {}

  /** The records of the given fingerprints, in partition order, envelope checked. */
  static List<AlertEvent> read(String bootstrap, List<String> fingerprints, Instant since) {
    List<ConsumerRecord<String, AlertEvent>> records = new ArrayList<>();
    try (KafkaConsumer<String, AlertEvent> consumer = consumer(bootstrap)) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(Topics.ALERTS.name()).stream()
              .map(p -> new TopicPartition(p.topic(), p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))
          && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(100)).forEach(records::add);
      }
    }
    Instant now = Instant.now();
    List<ConsumerRecord<String, AlertEvent>> ours =
        records.stream().filter(r -> fingerprints.contains(r.key())).toList();
    assertThat(ours)
        .allSatisfy(
            r -> {
              assertThat(r.value().fingerprint()).isEqualTo(r.key());
              assertThat(CloudEventHeaders.last(r.headers(), CloudEventHeaders.CE_TYPE))
                  .isEqualTo("io.strata.alert_event.v1");
              assertThat(CloudEventHeaders.last(r.headers(), CloudEventHeaders.CE_SOURCE))
                  .isEqualTo("/strata/trace-ingest");
              assertThat(CloudEventHeaders.last(r.headers(), CloudEventHeaders.CE_SUBJECT))
                  .isEqualTo(r.key());
              assertThat(CloudEventHeaders.read(r.headers())).isPresent();
              assertThat(r.value().receivedAt()).isBetween(since, now);
            });
    return ours.stream().map(r -> withoutReceivedAt(r.value())).toList();
  }

  static AlertEvent withoutReceivedAt(AlertEvent e) {
    return new AlertEvent(
        e.fingerprint(),
        e.cluster(),
        e.status(),
        e.alertName(),
        e.severity(),
        e.labels(),
        e.annotations(),
        e.startsAt(),
        e.endsAt(),
        e.generatorUrl(),
        e.receiver(),
        e.externalUrl(),
        e.correlation(),
        e.gpuUuid(),
        null);
  }

  private static KafkaConsumer<String, AlertEvent> consumer(String bootstrap) {
    return new KafkaConsumer<>(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrap,
            ConsumerConfig.GROUP_ID_CONFIG,
            "strata-test-" + UUID.randomUUID(),
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false),
        Topics.ALERTS.keySerde().deserializer(),
        Topics.ALERTS.valueSerde().deserializer());
  }
}
