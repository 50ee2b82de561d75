package io.strata.deviceingest.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.FindingKind;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The publisher against a real broker that goes away and comes back: bounded, counted, never
 * blocking, and publishing again on its own.
 */
class KafkaEventPublisherTest {

  private static final int CAPACITY = 20;
  private static final int MAX_UNACKNOWLEDGED = 5;

  private static PublisherSettings settings(String bootstrap) {
    return new PublisherSettings(
        bootstrap,
        CAPACITY,
        MAX_UNACKNOWLEDGED,
        Duration.ofMillis(1),
        Duration.ofSeconds(1),
        // Long enough that the first records survive a slow first metadata fetch on a loaded
        // build machine (3 s lost one in CI), short enough to see failures while Kafka is down.
        Duration.ofSeconds(10));
  }

  private static OutgoingEvent<DeviceFinding> finding(int n) {
    DeviceFinding value =
        new DeviceFinding(
            "f-" + n,
            FindingKind.FIELD_MISSING,
            null,
            "c1",
            null,
            "http://t/metrics",
            null,
            "n=" + n,
            List.of("X"),
            null,
            null,
            null,
            n,
            Instant.EPOCH);
    return new OutgoingEvent<>(Topics.DEVICE_FINDINGS, "c1/http://t/metrics", value, Instant.EPOCH);
  }

  @Test
  void publishesStaysBoundedWhileKafkaIsDownAndResumesWhenItReturns() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    try (TestKafka kafka = KafkaProvider.configured().start(1);
        KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      KafkaEventPublisher publisher =
          new KafkaEventPublisher(
              settings(kafka.bootstrapServers()), meters, TextMapPropagator.noop());
      try {
        for (int i = 0; i < 3; i++) {
          publisher.publish(finding(i));
        }
        List<ConsumerRecord<String, DeviceFinding>> records =
            client.readAtLeast(Topics.DEVICE_FINDINGS, 3, Duration.ofSeconds(20));
        assertThat(records)
            .extracting(r -> r.value().findingId())
            .containsExactly("f-0", "f-1", "f-2");
        assertThat(CloudEventHeaders.read(records.get(0).headers()))
            .hasValueSatisfying(
                ce -> {
                  assertThat(ce.type()).isEqualTo("io.strata.device_finding.v1");
                  assertThat(ce.source()).isEqualTo(KafkaEventPublisher.SOURCE);
                  assertThat(ce.time()).isEqualTo(Instant.EPOCH);
                });
        await()
            .atMost(Duration.ofSeconds(10))
            .until(() -> meters.counter("strata.device.ingest.publish.sent").count() == 3);

        kafka.stopBrokers();
        long start = System.nanoTime();
        for (int i = 3; i < 1003; i++) {
          publisher.publish(finding(i));
        }
        Duration publishing = Duration.ofNanos(System.nanoTime() - start);

        assertThat(publishing)
            .as("publish() never waits for Kafka")
            .isLessThan(Duration.ofSeconds(2));
        assertThat(publisher.buffered()).isLessThanOrEqualTo(CAPACITY);
        assertThat(publisher.droppedCount())
            .isGreaterThanOrEqualTo(1000 - CAPACITY - MAX_UNACKNOWLEDGED - 1);
        assertThat(meters.counter("strata.device.ingest.publish.dropped").count())
            .isEqualTo(publisher.droppedCount());
        assertThat(publisher.degraded()).isTrue();
        await()
            .atMost(Duration.ofSeconds(40))
            .until(() -> meters.counter("strata.device.ingest.publish.failed").count() > 0);
        assertThat(publisher.buffered()).isLessThanOrEqualTo(CAPACITY);

        kafka.startBrokers();
        for (int i = 2000; i < 2003; i++) {
          publisher.publish(finding(i));
        }
        List<String> afterReturn =
            client
                .readUntil(
                    Topics.DEVICE_FINDINGS,
                    read -> read.stream().anyMatch(r -> r.value().findingId().equals("f-2002")),
                    Duration.ofSeconds(60))
                .stream()
                .map(r -> r.value().findingId())
                .toList();
        assertThat(afterReturn)
            .as("publishing resumes on its own when Kafka returns")
            .contains("f-2000", "f-2001", "f-2002");
        await().atMost(Duration.ofSeconds(30)).until(() -> !publisher.degraded());
        assertThat(publisher.buffered()).isZero();
      } finally {
        publisher.close();
      }
    }
  }
}
