package io.strata.remediator.kafka;

import io.strata.events.incident.Incident;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topics;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.kafka.read.TopicReader;
import io.strata.remediator.config.RemediatorConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The incident revisions a backtest replays: strata.incidents.v1 read from its beginning to its end
 * at the time of the call by a short-lived, group-less reader with the rebuild's settings ({@link
 * JournalRebuilder}: committed transactions only, authenticated like the Quarkus-managed clients).
 * Bounded: when the topic holds more than {@code policy.backtest-max-incidents} records, only the
 * newest of each partition (an equal share of the bound) are read.
 */
@ApplicationScoped
public class IncidentHistory {

  private static final Logger LOG = Logger.getLogger(IncidentHistory.class);
  static final String CLIENT_ID = "strata-remediator-backtest";

  /** What was read; {@code limited} when older records were left out for the bound. */
  public record Read(List<Incident> incidents, boolean limited) {}

  private final String bootstrapServers;
  private final Duration timeout;
  private final int maxRecords;

  @Inject
  public IncidentHistory(
      @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
      RemediatorConfig config) {
    this.bootstrapServers = bootstrapServers;
    this.timeout = config.rebuildTimeout();
    this.maxRecords = config.policy().backtestMaxIncidents();
  }

  /**
   * @throws IllegalStateException when the end was not reached within {@code rebuild-timeout}
   * @throws org.apache.kafka.common.KafkaException when Kafka cannot be read
   */
  public Read read() {
    Map<String, Object> settings =
        TopicReader.readerSettings(bootstrapServers, CLIENT_ID, KafkaClientSecurity.fromConfig());
    List<Incident> incidents = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          TopicReader.assignAll(consumer, List.of(Topics.INCIDENTS.name()), timeout);
      boolean limited = seekWithin(consumer, partitions);
      boolean reached =
          TopicReader.readAvailable(consumer, partitions, timeout, r -> add(r, incidents));
      if (!reached) {
        throw new IllegalStateException(
            "reading " + Topics.INCIDENTS.name() + " did not reach its end in " + timeout);
      }
      return new Read(incidents, limited);
    }
  }

  /** Positions each partition so that at most its share of the bound is left to read. */
  private boolean seekWithin(KafkaConsumer<String, byte[]> consumer, List<TopicPartition> all) {
    Map<TopicPartition, Long> begin = consumer.beginningOffsets(all, timeout);
    Map<TopicPartition, Long> end = consumer.endOffsets(all, timeout);
    long share = Math.max(1, maxRecords / Math.max(1, all.size()));
    Map<TopicPartition, Long> from = new HashMap<>();
    boolean limited = false;
    for (TopicPartition p : all) {
      long start = Math.max(begin.getOrDefault(p, 0L), end.getOrDefault(p, 0L) - share);
      limited |= start > begin.getOrDefault(p, 0L);
      from.put(p, start);
    }
    from.forEach(consumer::seek);
    return limited;
  }

  private static void add(ConsumerRecord<String, byte[]> record, List<Incident> incidents) {
    if (record.value() == null) {
      return;
    }
    try {
      incidents.add(
          Topics.INCIDENTS.valueSerde().deserializer().deserialize(record.topic(), record.value()));
    } catch (EventSerdeException e) {
      LOG.warnf(
          "skipping unreadable incident %s-%d@%d in a backtest: %s",
          record.topic(), record.partition(), record.offset(), e.getMessage());
    }
  }
}
