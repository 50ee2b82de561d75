package io.strata.traceingest.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.events.alert.AlertEvent;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.topic.Topics;
import io.strata.kafka.publish.KafkaAvailability;
import io.strata.testsupport.MutableClock;
import io.strata.traceingest.alert.AlertEventMapper;
import io.strata.traceingest.alert.AlertFixtures;
import io.strata.traceingest.alert.ExpectedAlertEvents;
import io.strata.traceingest.alert.PublishedAlerts;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.kafka.KafkaAlertSink;
import io.strata.traceingest.kafka.Refusal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** A notification's path to Kafka, with Kafka's MockProducer acknowledging by hand. */
class AlertPipelineTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-07T17:27:00Z"));
  private final MockProducer<String, byte[]> producer =
      new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
  private final InFlightLimits limits = new InFlightLimits(4, 3);
  private final KafkaAvailability kafka = new KafkaAvailability(clock, Duration.ofSeconds(5));
  private final PublishedAlerts published = new PublishedAlerts(100);
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final AlertPipeline pipeline =
      new AlertPipeline(
          new AlertEventMapper(AlertFixtures.defaultMapping("test-cluster")),
          published,
          limits,
          kafka,
          new KafkaAlertSink(producer, Topics.ALERTS.name(), Topics.ALERTS),
          new AlertmanagerMetrics(registry, published),
          clock);

  @Test
  void acceptedOnlyOnceKafkaAcknowledgedEveryAlert() {
    CompletionStage<AlertOutcome> outcome = handle(AlertFixtures.GPU_XID_FIRING);

    assertThat(outcome.toCompletableFuture()).isNotDone();
    List<ProducerRecord<String, byte[]>> sent = producer.history();
    assertThat(sent)
        .extracting(ProducerRecord::key)
        .containsExactly("30d13215198d778a", "3f6a6800b709ca0b");
    assertThat(sent).extracting(ProducerRecord::topic).containsOnly("strata.alerts.v1");
    assertThat(sent.stream().map(r -> value(r)).toList())
        .containsExactlyElementsOf(ExpectedAlertEvents.gpuXidFiring(clock.instant()));
    assertThat(CloudEventHeaders.read(sent.get(0).headers()))
        .hasValueSatisfying(
            ce -> {
              assertThat(ce.type()).isEqualTo("io.strata.alert_event.v1");
              assertThat(ce.source()).isEqualTo("/strata/trace-ingest");
              assertThat(ce.subject()).isEqualTo("30d13215198d778a");
              assertThat(ce.time()).isEqualTo(clock.instant());
              // UUID v3 (MD5) of
              // "alertmanager/30d13215198d778a/FIRING/2026-12-07T17:20:03.417Z/null".
              assertThat(ce.id()).isEqualTo("36a9b624-81d9-39b0-a4d4-82f967dd6efa");
            });

    producer.completeNext();
    assertThat(outcome.toCompletableFuture()).isNotDone();
    producer.completeNext();
    assertThat(outcome.toCompletableFuture().join()).isEqualTo(new AlertOutcome.Accepted(2, 2, 0));
    assertThat(limits.spansInFlight()).isZero();
    assertThat(registry.counter("strata.trace.ingest.alerts.published").count()).isEqualTo(2.0);
  }

  @Test
  void aRepeatIsAcceptedWithoutPublishingAndAResolutionIsPublished() {
    MockProducer<String, byte[]> auto =
        new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    AlertPipeline autoAck =
        new AlertPipeline(
            new AlertEventMapper(AlertFixtures.defaultMapping("test-cluster")),
            published,
            limits,
            kafka,
            new KafkaAlertSink(auto, Topics.ALERTS.name(), Topics.ALERTS),
            new AlertmanagerMetrics(registry, published),
            clock);

    assertThat(
            autoAck
                .handle(AlertFixtures.parsed(AlertFixtures.GPU_XID_FIRING))
                .toCompletableFuture()
                .join())
        .isEqualTo(new AlertOutcome.Accepted(2, 2, 0));
    clock.advance(Duration.ofMinutes(5));
    assertThat(
            autoAck
                .handle(AlertFixtures.parsed(AlertFixtures.GPU_XID_FIRING))
                .toCompletableFuture()
                .join())
        .isEqualTo(new AlertOutcome.Accepted(2, 0, 2));
    assertThat(
            autoAck
                .handle(AlertFixtures.parsed(AlertFixtures.GPU_XID_RESOLVED))
                .toCompletableFuture()
                .join())
        .isEqualTo(new AlertOutcome.Accepted(2, 1, 1));

    assertThat(auto.history()).hasSize(3);
    assertThat(value(auto.history().get(2)))
        .isEqualTo(ExpectedAlertEvents.gpu3Resolved(clock.instant()));
    assertThat(registry.counter("strata.trace.ingest.alerts.received").count()).isEqualTo(6.0);
    assertThat(registry.counter("strata.trace.ingest.alerts.deduplicated").count()).isEqualTo(3.0);
    assertThat(
            registry
                .counter("strata.trace.ingest.alertmanager.requests", "outcome", "accepted")
                .count())
        .isEqualTo(3.0);
  }

  @Test
  void aKafkaFailureRefusesTheWholeNotificationAndForgetsIt() {
    CompletionStage<AlertOutcome> outcome = handle(AlertFixtures.GPU_XID_FIRING);
    producer.completeNext();
    producer.errorNext(new TimeoutException("Expiring 1 record(s)"));

    assertThat(outcome.toCompletableFuture().join())
        .isEqualTo(
            new AlertOutcome.Refused(
                Refusal.KAFKA_UNAVAILABLE,
                "Kafka did not acknowledge the alerts: TimeoutException: Expiring 1 record(s)"));
    assertThat(published.size()).as("not remembered: the retry is news again").isZero();
    assertThat(kafka.status().available()).isFalse();

    // Within the retry interval the next notification is refused without trying Kafka.
    AlertOutcome next = handle(AlertFixtures.KUBE_CRASHLOOPING).toCompletableFuture().join();
    assertThat(next)
        .isInstanceOfSatisfying(
            AlertOutcome.Refused.class,
            refused -> {
              assertThat(refused.reason()).isEqualTo(Refusal.KAFKA_UNAVAILABLE);
              assertThat(refused.message())
                  .startsWith("Kafka is unavailable since 2026-12-07T17:27:00Z");
            });
    assertThat(producer.history()).hasSize(2);

    // Once the interval passed, Alertmanager's retry goes through and publishes both again.
    clock.advance(Duration.ofSeconds(5));
    CompletionStage<AlertOutcome> retry = handle(AlertFixtures.GPU_XID_FIRING);
    producer.completeNext();
    producer.completeNext();
    assertThat(retry.toCompletableFuture().join()).isEqualTo(new AlertOutcome.Accepted(2, 2, 0));
    assertThat(kafka.status().available()).isTrue();
    assertThat(producer.history()).hasSize(4);
    assertThat(producer.history().get(3).headers().lastHeader(CloudEventHeaders.CE_ID).value())
        .as("the same state keeps its ce_id")
        .isEqualTo(producer.history().get(1).headers().lastHeader(CloudEventHeaders.CE_ID).value());
  }

  @Test
  void moreRecordsThanTheInFlightLimitAreRefusedAsOverload() {
    limits.tryAcquireSpans(2);

    assertThat(handle(AlertFixtures.GPU_XID_FIRING).toCompletableFuture().join())
        .isEqualTo(
            new AlertOutcome.Refused(
                Refusal.OVERLOADED, "too many records in flight to Kafka (2); retry later"));
    assertThat(producer.history()).isEmpty();
  }

  private CompletionStage<AlertOutcome> handle(String fixture) {
    return pipeline.handle(AlertFixtures.parsed(fixture));
  }

  private static AlertEvent value(ProducerRecord<String, byte[]> record) {
    return Topics.ALERTS.valueSerde().deserializer().deserialize(record.topic(), record.value());
  }
}
