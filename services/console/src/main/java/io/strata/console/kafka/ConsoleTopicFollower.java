package io.strata.console.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.console.config.ConsoleConfig;
import io.strata.console.core.ConsoleState;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalVerifier;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.kafka.read.FollowProblem;
import io.strata.kafka.read.StartAt;
import io.strata.kafka.read.TopicFollower;
import io.strata.kafka.read.TopicFollowerBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Follows the topics the console shows, through kafka-support's {@link TopicFollower}: assigned
 * partitions, no consumer group (every console instance needs every partition and commits nothing;
 * ADR 004). Incidents, actions and reviews are read from their start on one thread (the console
 * shows their whole history, and readiness waits for what they held at startup). Alertmanager
 * alerts are read from their start by a follower of their own: they are context, so a missing
 * strata.alerts.v1 or a missing READ grant on it never holds up the incidents, nor readiness.
 * Spans, device samples and XIDs are not followed: at fleet scale that firehose would cost the
 * console more than all it shows; {@link TelemetryReader} reads the partitions of the incident a
 * person opens. A lost connection or a missing topic is retried every 2 s.
 */
@ApplicationScoped
public class ConsoleTopicFollower {

  private static final Logger LOG = Logger.getLogger(ConsoleTopicFollower.class);
  private static final Duration RETRY = Duration.ofSeconds(2);

  /** Read from their start and waited for: the console shows their whole history. */
  private static final List<Topic<?, ?>> HISTORY =
      List.of(Topics.INCIDENTS, Topics.REMEDIATION, Topics.REVIEWS);

  @Inject ConsoleState state;
  @Inject ConsoleConfig config;
  @Inject MeterRegistry metrics;
  @Inject JournalVerifier verifier;

  @ConfigProperty(name = "kafka.bootstrap.servers")
  String bootstrapServers;

  private volatile TopicFollower<String, byte[]> follower;
  private volatile TopicFollower<String, byte[]> alertFollower;

  void start(@Observes StartupEvent event) {
    RecordRouter router = new RecordRouter(state, verifier);
    TopicFollowerBuilder<String, byte[]> topics = builder("console-topic-reader", "strata-console");
    HISTORY.forEach(topic -> topics.follow(topic.name(), StartAt.beginning()));
    follower = topics.onEachRecord(record -> show(router, record));
    follower.start();
    alertFollower =
        builder("console-alert-reader", "strata-console-alerts")
            .follow(Topics.ALERTS.name(), StartAt.beginning())
            .onEachRecord(record -> show(router, record));
    alertFollower.start();
  }

  /** A follower over its own consumer: one client id each (Kafka registers a client by it). */
  private TopicFollowerBuilder<String, byte[]> builder(String name, String clientId) {
    return TopicFollower.builder(
            name, settings(clientId), StringDeserializer::new, ByteArrayDeserializer::new)
        .pollTimeout(config.topics().pollTimeout())
        .retryEvery(RETRY)
        // Partition and offset look-ups of up to three topics at once: as patient as before.
        .metadataTimeout(Duration.ofSeconds(30));
  }

  void stop(@Observes ShutdownEvent event) {
    if (follower != null) {
      follower.close();
    }
    if (alertFollower != null) {
      alertFollower.close();
    }
  }

  /**
   * Why strata.alerts.v1 is not being read right now ({@link FollowProblem#NONE} while it is), for
   * readiness to name.
   */
  public FollowProblem alertsProblem() {
    TopicFollower<String, byte[]> alerts = alertFollower;
    return alerts == null ? FollowProblem.NOT_STARTED : alerts.problem();
  }

  /** True once the incidents, actions and reviews present at startup have been read. */
  public boolean caughtUp() {
    return follower != null && follower.caughtUp();
  }

  private void show(RecordRouter router, ConsumerRecord<String, byte[]> record) {
    metrics.counter("strata.console.records", "topic", record.topic()).increment();
    router
        .route(record)
        .ifPresent(
            reason -> {
              // The producing service dead-letters poison; the console only reads, so it counts
              // and logs what it could not show.
              metrics
                  .counter(
                      "strata.console.records.skipped",
                      "topic",
                      record.topic(),
                      "reason",
                      reason.name())
                  .increment();
              LOG.warnf(
                  "skipped %s@%d/%d: %s",
                  record.topic(), record.partition(), record.offset(), reason);
            });
  }

  /**
   * The shared group-less follower settings: no commits, {@code read_committed} (incidents and
   * actions are written in transactions; an aborted one must never be shown), and the service's
   * kafka.* security settings, so this hand-built consumer authenticates like the Quarkus-managed
   * clients.
   */
  private Map<String, Object> settings(String clientId) {
    Map<String, Object> props =
        TopicFollower.followerSettings(
            bootstrapServers, clientId, KafkaClientSecurity.fromConfig());
    props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
    return props;
  }
}
