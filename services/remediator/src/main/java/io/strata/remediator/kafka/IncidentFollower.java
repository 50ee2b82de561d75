package io.strata.remediator.kafka;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.events.topic.Topics;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.kafka.read.FollowProblem;
import io.strata.kafka.read.StartAt;
import io.strata.kafka.read.TopicFollower;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads every partition of strata.incidents.v1, in every instance, without a consumer group (ADR
 * 022): a standby no longer holds partitions the leader needs (fault-suite finding 3), and there is
 * no acknowledgement a slow incident could hold back until a commit strategy fails the channel
 * (finding 4). Each record is handed to {@link IncidentConsumer}, which only validates it and
 * queues it for the execution thread, so this loop never waits on remediation. The loop is
 * kafka-support's {@link TopicFollower}: from the topic's beginning, resuming from its own
 * positions after a failure (retried every second, readiness DOWN with the reason meanwhile),
 * committed transactions only; a record whose handler throws is lost alone, logged.
 */
@Singleton
public class IncidentFollower {

  static final String CLIENT_ID = "strata-remediator-incidents";

  private final TopicFollower<String, byte[]> follower;

  @Inject
  public IncidentFollower(
      @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
      IncidentConsumer incidents) {
    this(settings(bootstrapServers, KafkaClientSecurity.fromConfig()), incidents::consume);
  }

  /** A follower handing records to {@code handler} (tests: two instances in one JVM). */
  public IncidentFollower(
      Map<String, Object> settings, Consumer<ConsumerRecord<String, byte[]>> handler) {
    this.follower =
        TopicFollower.builder(
                "strata-remediator-incidents",
                settings,
                StringDeserializer::new,
                ByteArrayDeserializer::new)
            .follow(Topics.INCIDENTS.name(), StartAt.beginning())
            .onEachRecord(handler);
  }

  /** Group-less, read_committed, no commits; an offset gone to compaction restarts at the start. */
  public static Map<String, Object> settings(
      String bootstrapServers, Map<String, Object> security) {
    return TopicFollower.followerSettings(bootstrapServers, CLIENT_ID, security);
  }

  void onStart(@Observes StartupEvent event) {
    start();
  }

  void onStop(@Observes ShutdownEvent event) {
    close();
  }

  public void start() {
    follower.start();
  }

  /** NONE while reading; otherwise why not. */
  public FollowProblem problem() {
    return follower.problem();
  }

  public String detail() {
    return follower.detail();
  }

  /** Records handed to the handler so far (each handed over once, in order per partition). */
  public long handed() {
    return follower.records();
  }

  /** Partitions assigned while reading; 0 otherwise. */
  public int partitions() {
    return follower.partitions();
  }

  public void close() {
    follower.close();
  }
}
