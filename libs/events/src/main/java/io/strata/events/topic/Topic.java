package io.strata.events.topic;

import io.strata.events.EventType;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.Serde;

/**
 * A typed topic descriptor: the name, how keys and values are (de)serialised, and how the topic is
 * created. Topic names are written here and nowhere else; services, tests, the local broker and
 * deploy/ derive from these.
 *
 * @param eventType the CloudEvents type of its values, or null for the dead-letter topic (values
 *     are raw bytes)
 * @param keyDescription how the key is built, for docs and reviewers
 * @param retention how long records are kept; null means forever (compacted state, review records)
 * @param partitioning how producers spread records over partitions (a reader may rely on it)
 */
public record Topic<K, V>(
    String name,
    Serde<K> keySerde,
    Serde<V> valueSerde,
    EventType eventType,
    String keyDescription,
    CleanupPolicy cleanupPolicy,
    int defaultPartitions,
    Duration retention,
    Partitioning partitioning) {

  public Topic {
    Objects.requireNonNull(partitioning, "partitioning");
    if (partitioning == Partitioning.UNSPECIFIED) {
      throw new IllegalArgumentException("topic " + name + " needs a partitioning");
    }
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(keySerde, "keySerde");
    Objects.requireNonNull(valueSerde, "valueSerde");
    Objects.requireNonNull(cleanupPolicy, "cleanupPolicy");
    if (cleanupPolicy == CleanupPolicy.UNSPECIFIED) {
      throw new IllegalArgumentException("topic " + name + " needs a cleanup policy");
    }
    if (defaultPartitions < 1) {
      throw new IllegalArgumentException("topic " + name + " needs at least one partition");
    }
  }

  /**
   * The topic's short id: its name without the {@code strata.} prefix and version, dots as dashes
   * (for example {@code device-samples}). Used for configuration keys and Kubernetes resource
   * names.
   */
  public String id() {
    return name.replaceFirst("^strata\\.", "").replaceFirst("\\.v\\d+$", "").replace('.', '-');
  }

  public boolean compacted() {
    return cleanupPolicy == CleanupPolicy.COMPACT;
  }

  /** The topic-level configs this descriptor implies. */
  public Map<String, String> configs() {
    Map<String, String> configs = new HashMap<>();
    configs.put(TopicConfig.CLEANUP_POLICY_CONFIG, cleanupPolicy.kafkaValue());
    configs.put(
        TopicConfig.RETENTION_MS_CONFIG,
        retention == null ? "-1" : Long.toString(retention.toMillis()));
    return configs;
  }

  /** An admin request creating this topic with the given partitions and replication factor. */
  public NewTopic newTopic(int partitions, short replicationFactor) {
    return new NewTopic(name, partitions, replicationFactor).configs(configs());
  }

  /** An admin request creating this topic with its default partitions. */
  public NewTopic newTopic(short replicationFactor) {
    return newTopic(defaultPartitions, replicationFactor);
  }
}
