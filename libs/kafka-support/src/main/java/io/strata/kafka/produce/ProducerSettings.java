package io.strata.kafka.produce;

import io.strata.events.topic.NodePartitioner;
import io.strata.events.topic.Partitioning;
import io.strata.events.topic.Topic;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The producer configuration every Strata publisher starts from (ADR 002): idempotent, {@code
 * acks=all}, at most five requests in flight (the most idempotence keeps ordered). Services tune
 * timeouts and batching on top; a producer that writes a {@link Partitioning#NODE} topic gets
 * {@link NodePartitioner}, because the partitioning is part of that topic's contract
 * (docs/EVENTS.md).
 */
public final class ProducerSettings {

  private final Map<String, Object> properties = new HashMap<>();
  private final Map<String, Object> security = new HashMap<>();

  private ProducerSettings(String bootstrapServers, String clientId) {
    properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    properties.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
    properties.put(ProducerConfig.ACKS_CONFIG, "all");
    properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    properties.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
  }

  /** The reliable defaults for a producer called {@code clientId}. */
  public static ProducerSettings reliable(String bootstrapServers, String clientId) {
    return new ProducerSettings(bootstrapServers, clientId);
  }

  /**
   * Declares the topics this producer writes: if any is node-partitioned, records are partitioned
   * by {@link NodePartitioner} (which keeps the key hash for the other topics).
   */
  public ProducerSettings writing(Collection<? extends Topic<?, ?>> topics) {
    if (topics.stream().anyMatch(t -> t.partitioning() == Partitioning.NODE)) {
      properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, NodePartitioner.class.getName());
    }
    return this;
  }

  /**
   * How long a record may take from send() to acknowledgement, linger included. Kafka insists on
   * {@code delivery.timeout.ms >= linger.ms + request.timeout.ms}: when the request timeout set
   * here (or its 30 s default) leaves no room, it is lowered to fit.
   */
  public ProducerSettings deliveryTimeout(Duration timeout) {
    properties.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, millis(timeout));
    return this;
  }

  public ProducerSettings requestTimeout(Duration timeout) {
    properties.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, millis(timeout));
    return this;
  }

  public ProducerSettings linger(Duration linger) {
    properties.put(ProducerConfig.LINGER_MS_CONFIG, millis(linger));
    return this;
  }

  /** How long send() may block for metadata or buffer room before it throws. */
  public ProducerSettings maxBlock(Duration maxBlock) {
    properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, maxBlock.toMillis());
    return this;
  }

  public ProducerSettings batchSize(int bytes) {
    properties.put(ProducerConfig.BATCH_SIZE_CONFIG, bytes);
    return this;
  }

  public ProducerSettings bufferMemory(long bytes) {
    properties.put(ProducerConfig.BUFFER_MEMORY_CONFIG, bytes);
    return this;
  }

  public ProducerSettings compression(String type) {
    properties.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, type);
    return this;
  }

  /**
   * The client's security settings ({@code config/ClientSecurity}: a service's {@code
   * KafkaClientSecurity.fromConfig()}, a tool's {@code ClientSecurity.from(...)}), merged over
   * everything else, so a producer built by hand authenticates exactly like the clients Quarkus
   * builds (deploy/'s SCRAM over TLS, ADR 010). Empty for a plaintext broker.
   */
  public ProducerSettings security(Map<String, Object> settings) {
    security.putAll(settings);
    return this;
  }

  /** A copy of the properties, ready for {@code new KafkaProducer<>(...)}. */
  public Map<String, Object> properties() {
    Map<String, Object> copy = new HashMap<>(properties);
    Object delivery = copy.get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
    if (delivery instanceof Integer deliveryMs) {
      int linger = (Integer) copy.getOrDefault(ProducerConfig.LINGER_MS_CONFIG, 5);
      int request = (Integer) copy.getOrDefault(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
      int room = deliveryMs - linger;
      if (room < 1) {
        throw new IllegalArgumentException(
            "delivery timeout " + deliveryMs + " ms must exceed linger " + linger + " ms");
      }
      copy.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.min(request, room));
    }
    copy.putAll(security);
    return copy;
  }

  private static int millis(Duration duration) {
    return Math.toIntExact(duration.toMillis());
  }
}
