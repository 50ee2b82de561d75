package io.strata.k8swatcher.reconcile;

import io.strata.kafka.read.TopicReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jboss.logging.Logger;

/**
 * Reads a compacted topic from the beginning to its current end (the shared {@link TopicReader})
 * and returns the keys whose latest record is not a tombstone ({@link LiveKeys}; every record is
 * decided by {@link KeyRecord#read}).
 */
public final class CompactedTopicReader {

  private static final Logger LOG = Logger.getLogger(CompactedTopicReader.class);

  private final Map<String, Object> settings;
  private final Duration timeout;

  /**
   * @param security the service's kafka.* security settings ({@code
   *     KafkaClientSecurity.fromConfig()}): this consumer is built by hand, not by Quarkus
   */
  public CompactedTopicReader(
      String bootstrapServers, Map<String, Object> security, Duration timeout) {
    this.settings = settings(bootstrapServers, security);
    this.timeout = timeout;
  }

  /** The shared group-less, read_committed reader settings with the service's security merged. */
  static Map<String, Object> settings(String bootstrapServers, Map<String, Object> security) {
    return TopicReader.readerSettings(bootstrapServers, "strata-k8s-watcher-reconcile", security);
  }

  public Set<String> liveKeys(String topic) {
    LiveKeys live = new LiveKeys();
    // Keys as bytes: LiveKeys rejects a key that is not UTF-8 instead of decoding it to another.
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      TopicReader.readToEnd(
          consumer, List.of(topic), timeout, record -> live.take(record.key(), record.value()));
    }
    if (!live.rejected().isEmpty()) {
      LOG.warnf("%s: records not reconciled, per reason: %s", topic, live.rejected());
    }
    return live.keys();
  }
}
