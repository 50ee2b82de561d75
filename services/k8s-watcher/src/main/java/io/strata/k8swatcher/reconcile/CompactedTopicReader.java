package io.strata.k8swatcher.reconcile;

import io.strata.kafka.read.TopicReader;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads a compacted topic from the beginning to its current end (the shared {@link TopicReader})
 * and returns the keys whose latest record is not a tombstone. Values are not deserialised: only
 * null or not matters here.
 */
public final class CompactedTopicReader {

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
    Map<String, Boolean> latest = new HashMap<>();
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer())) {
      TopicReader.readToEnd(
          consumer,
          List.of(topic),
          timeout,
          record -> {
            if (record.key() != null) {
              latest.put(record.key(), record.value() != null);
            }
          });
    }
    return latest.entrySet().stream()
        .filter(Map.Entry::getValue)
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }
}
