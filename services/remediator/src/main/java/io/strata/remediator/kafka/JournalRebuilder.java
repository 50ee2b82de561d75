package io.strata.remediator.kafka;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.ActionStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Reads the remediator's memory back at startup: every action state from strata.remediation.v1,
 * which incidents already have a review, and the latest revision of every incident. Each topic is
 * read from the beginning up to its end offsets at the time of the call.
 */
@ApplicationScoped
public class JournalRebuilder {

  private static final Logger LOG = Logger.getLogger(JournalRebuilder.class);
  private static final Duration POLL = Duration.ofMillis(200);

  /** What was read back. */
  public record Memory(ActionStore store, Set<String> reviewed, Collection<Incident> incidents) {}

  private final String bootstrapServers;
  private final Duration timeout;

  @Inject
  public JournalRebuilder(
      @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
      RemediatorConfig config) {
    this.bootstrapServers = bootstrapServers;
    this.timeout = config.rebuildTimeout();
  }

  public Memory rebuild() {
    ActionStore store = new ActionStore();
    readAll(Topics.REMEDIATION, store::apply);
    Set<String> reviewed = new HashSet<>();
    readAll(Topics.REVIEWS, (ReviewRecord r) -> reviewed.add(r.incidentId()));
    Map<String, Incident> incidents = new LinkedHashMap<>();
    readAll(
        Topics.INCIDENTS,
        (Incident i) ->
            incidents.merge(i.incidentId(), i, (a, b) -> b.revision() >= a.revision() ? b : a));
    LOG.infof(
        "rebuilt %d action(s), %d review(s), %d incident(s) from Kafka",
        store.size(), reviewed.size(), incidents.size());
    return new Memory(store, reviewed, incidents.values());
  }

  private <V> void readAll(Topic<String, V> topic, Consumer<V> sink) {
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"),
            new StringDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = new ArrayList<>();
      consumer
          .partitionsFor(topic.name(), timeout)
          .forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!reachedEnd(consumer, end)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "could not read " + topic.name() + " to its end within " + timeout);
        }
        for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
          if (record.value() == null) {
            continue;
          }
          try {
            sink.accept(
                topic.valueSerde().deserializer().deserialize(topic.name(), record.value()));
          } catch (EventSerdeException e) {
            LOG.warnf(
                "skipping unreadable record %s-%d@%d while rebuilding: %s",
                record.topic(), record.partition(), record.offset(), e.getMessage());
          }
        }
      }
    }
  }

  private static boolean reachedEnd(
      KafkaConsumer<String, byte[]> consumer, Map<TopicPartition, Long> end) {
    for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
      if (consumer.position(e.getKey()) < e.getValue()) {
        return false;
      }
    }
    return true;
  }
}
