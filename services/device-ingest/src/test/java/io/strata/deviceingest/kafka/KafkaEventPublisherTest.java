package io.strata.deviceingest.kafka;

import static io.strata.deviceingest.kafka.PublishTestEvents.sample;
import static io.strata.deviceingest.kafka.PublishTestEvents.xid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.topic.NodePartitioning;
import io.strata.events.topic.Topics;
import io.strata.kafka.produce.ProducerSettings;
import io.strata.kafka.publish.BufferPolicy;
import io.strata.kafka.publish.PublisherOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The publisher against a real broker that goes away and comes back: samples bounded and dropped
 * oldest-first, XID events never lost and re-sent with the CloudEvents id they were first given,
 * every record on its node's partition, publish() never blocking, publishing again on its own.
 */
class KafkaEventPublisherTest {

  private static final int CAPACITY = 20;
  private static final int MAX_UNACKNOWLEDGED = 5;
  private static final int XIDS_DURING_OUTAGE = 20;

  private static KafkaEventPublisher publisher(String bootstrap, SimpleMeterRegistry meters) {
    Map<String, Object> producer =
        ProducerSettings.reliable(bootstrap, "strata-device-ingest")
            .writing(List.of(Topics.DEVICE_SAMPLES, Topics.DEVICE_XIDS, Topics.DEVICE_FINDINGS))
            .linger(Duration.ofMillis(1))
            .maxBlock(Duration.ofSeconds(1))
            // Short, so deliveries fail (and XIDs are re-sent) while the broker is down; a first
            // record lost to a slow first metadata fetch is re-sent too: this cannot make it flaky.
            .deliveryTimeout(Duration.ofSeconds(4))
            .properties();
    PublisherOptions lanes =
        PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(CAPACITY), "test-samples")
            .withNeverEvictLane(1000, Duration.ofMillis(500))
            .withMaxUnacknowledged(MAX_UNACKNOWLEDGED);
    return new KafkaEventPublisher(
        producer, lanes, meters, TextMapPropagator.noop(), Clock.systemUTC());
  }

  private static double lane(SimpleMeterRegistry meters, String meter, String lane) {
    return meters.counter("strata.device.ingest.publish." + meter, "lane", lane).count();
  }

  @Test
  void aSampleFloodDuringAnOutageLosesNoXidAndEveryXidKeepsItsCloudEventsId() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    try (TestKafka kafka = KafkaProvider.configured().start(1);
        KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      KafkaEventPublisher publisher = publisher(kafka.bootstrapServers(), meters);
      try {
        publisher.publish(sample(1));
        publisher.publish(xid(1));
        List<ConsumerRecord<String, DeviceSample>> first =
            client.readAtLeast(Topics.DEVICE_SAMPLES, 1, Duration.ofSeconds(20));
        assertThat(first).extracting(r -> r.value().gpuUuid()).containsExactly("GPU-1");
        assertThat(CloudEventHeaders.read(first.get(0).headers()))
            .hasValueSatisfying(
                ce -> {
                  assertThat(ce.id()).isEqualTo("s-1");
                  assertThat(ce.type()).isEqualTo("io.strata.device_sample.v1");
                  assertThat(ce.source()).isEqualTo(KafkaEventPublisher.SOURCE);
                  assertThat(ce.time()).isEqualTo(Instant.EPOCH);
                });
        assertThat(first.get(0).partition())
            .as("node-partitioned by contract")
            .isEqualTo(NodePartitioning.partition("c1/node-1", 6));
        await()
            .atMost(Duration.ofSeconds(10))
            .until(
                () -> lane(meters, "sent", "events") == 1 && lane(meters, "sent", "samples") == 1);

        kafka.stopBrokers();
        long start = System.nanoTime();
        for (int i = 100; i < 1100; i++) {
          publisher.publish(sample(i));
          if (i % 50 == 0) {
            publisher.publish(xid(i));
          }
        }
        Duration publishing = Duration.ofNanos(System.nanoTime() - start);
        assertThat(publishing)
            .as("publish() never waits for Kafka")
            .isLessThan(Duration.ofSeconds(2));
        assertThat(publisher.droppedCount())
            .as("samples dropped oldest-first")
            .isGreaterThanOrEqualTo(1000 - CAPACITY - MAX_UNACKNOWLEDGED - 1);
        assertThat(lane(meters, "dropped", "samples")).isEqualTo(publisher.droppedCount());
        assertThat(publisher.degraded()).isTrue();
        await().atMost(Duration.ofSeconds(40)).until(() -> lane(meters, "resent", "events") >= 1);
        assertThat(publisher.droppedEvents()).as("an XID is never evicted").isZero();

        kafka.startBrokers();
        Set<String> expected = new HashSet<>();
        expected.add("x-1");
        IntStream.range(100, 1100).filter(i -> i % 50 == 0).forEach(i -> expected.add("x-" + i));
        assertThat(expected).hasSize(1 + XIDS_DURING_OUTAGE);
        List<ConsumerRecord<String, XidEvent>> xids =
            client.readUntil(
                Topics.DEVICE_XIDS,
                read -> ceIds(read).containsAll(expected),
                Duration.ofSeconds(60));
        assertThat(ceIds(xids)).as("every XID arrives, none is lost").isEqualTo(expected);
        for (ConsumerRecord<String, XidEvent> record : xids) {
          assertThat(CloudEventHeaders.last(record.headers(), CloudEventHeaders.CE_ID))
              .as("re-sent with the id it was first given")
              .isEqualTo(record.value().eventId());
          assertThat(record.partition())
              .isEqualTo(NodePartitioning.partition("c1/" + record.value().node(), 6));
        }
        System.out.printf(
            "outage: %d XID records read for %d XIDs, %.0f re-sends, %d samples dropped%n",
            xids.size(),
            expected.size(),
            lane(meters, "resent", "events"),
            publisher.droppedCount());

        publisher.publish(sample(2000));
        client.readUntil(
            Topics.DEVICE_SAMPLES,
            read -> read.stream().anyMatch(r -> r.value().gpuUuid().equals("GPU-2000")),
            Duration.ofSeconds(60));
        await().atMost(Duration.ofSeconds(30)).until(() -> !publisher.degraded());
        assertThat(publisher.buffered()).isZero();
      } finally {
        publisher.close();
      }
    }
  }

  private static Set<String> ceIds(List<ConsumerRecord<String, XidEvent>> records) {
    return records.stream()
        .map(r -> CloudEventHeaders.last(r.headers(), CloudEventHeaders.CE_ID))
        .collect(Collectors.toSet());
  }
}
