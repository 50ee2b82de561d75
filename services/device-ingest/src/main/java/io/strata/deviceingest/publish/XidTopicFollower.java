package io.strata.deviceingest.publish;

import io.strata.deviceingest.xid.XidHistory;
import io.strata.events.device.XidEvent;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.TopicReader;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

/**
 * Reads strata.device.xids.v1 into an {@link XidHistory}: first the look-back (from the offset of
 * {@code now - look-back} to the end offsets seen at start; then the history is caught up and
 * scraping may begin), then every new XID event as it is written, by this replica or another one,
 * so a target that moves here later finds its GPUs' XIDs already known. Assigned partitions, no
 * consumer group, no commits: every replica reads the whole (small, XIDs are rare) topic. Kafka
 * unavailable at start: retried every second, the history stays not caught up (readiness DOWN).
 */
public final class XidTopicFollower implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(XidTopicFollower.class);
  private static final String TOPIC = Topics.DEVICE_XIDS.name();

  private final Map<String, Object> consumerConfig;
  private final String keyPrefix;
  private final Duration lookBack;
  private final XidHistory history;
  private final Clock clock;
  private final AtomicLong read = new AtomicLong();
  private final AtomicLong unreadable = new AtomicLong();
  private final Thread thread;
  private volatile KafkaConsumer<String, byte[]> consumer;
  private volatile boolean running = true;

  /** A follower of a plaintext, unauthenticated broker (tests). */
  public XidTopicFollower(
      String bootstrapServers, String cluster, Duration lookBack, XidHistory history, Clock clock) {
    this(consumerSettings(bootstrapServers, Map.of()), cluster, lookBack, history, clock);
  }

  /**
   * @param consumerSettings from {@link #consumerSettings}, with the service's security settings
   */
  public XidTopicFollower(
      Map<String, Object> consumerSettings,
      String cluster,
      Duration lookBack,
      XidHistory history,
      Clock clock) {
    this.consumerConfig = Map.copyOf(consumerSettings);
    this.keyPrefix = cluster + "/";
    this.lookBack = lookBack;
    this.history = history;
    this.clock = clock;
    this.thread = new Thread(this::run, "strata-xid-history");
    thread.setDaemon(true);
  }

  /**
   * The shared group-less reader settings (no commits, read_committed) plus {@code security}: the
   * service's kafka.* security settings ({@code KafkaClientSecurity.fromConfig()}), so this
   * hand-built consumer authenticates like the Quarkus-managed clients (SCRAM over TLS, ADR 010).
   */
  public static Map<String, Object> consumerSettings(
      String bootstrapServers, Map<String, Object> security) {
    Map<String, Object> settings =
        TopicReader.readerSettings(bootstrapServers, "strata-device-ingest-xid-history");
    settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    settings.putAll(security);
    return settings;
  }

  public void start() {
    thread.start();
  }

  /** XID records taken into the history so far. */
  public long read() {
    return read.get();
  }

  /** Records that were not readable XID events (skipped). */
  public long unreadable() {
    return unreadable.get();
  }

  private void run() {
    while (running) {
      try (KafkaConsumer<String, byte[]> c =
          new KafkaConsumer<>(
              consumerConfig, new StringDeserializer(), new ByteArrayDeserializer())) {
        consumer = c;
        follow(c);
      } catch (WakeupException e) {
        return;
      } catch (KafkaException e) {
        if (!running) {
          return;
        }
        LOG.warnf("cannot read %s (%s); retrying in 1s", TOPIC, e.getMessage());
        sleepASecond();
      }
    }
  }

  private void follow(KafkaConsumer<String, byte[]> c) {
    List<PartitionInfo> infos = c.partitionsFor(TOPIC, Duration.ofSeconds(10));
    if (infos == null || infos.isEmpty()) {
      throw new KafkaException("topic " + TOPIC + " has no partitions (not created yet?)");
    }
    List<TopicPartition> partitions =
        infos.stream().map(p -> new TopicPartition(TOPIC, p.partition())).toList();
    c.assign(partitions);
    long from = Math.max(0, clock.millis() - lookBack.toMillis());
    Map<TopicPartition, Long> query = new HashMap<>();
    partitions.forEach(p -> query.put(p, from));
    Map<TopicPartition, OffsetAndTimestamp> starts = c.offsetsForTimes(query);
    Map<TopicPartition, Long> ends = c.endOffsets(partitions);
    for (TopicPartition partition : partitions) {
      OffsetAndTimestamp start = starts.get(partition);
      c.seek(partition, start == null ? ends.get(partition) : start.offset());
    }
    while (running) {
      for (ConsumerRecord<String, byte[]> record : c.poll(Duration.ofMillis(500))) {
        take(record);
      }
      if (!history.caughtUp() && reached(c, ends)) {
        history.markCaughtUp();
        LOG.infof(
            "XID history recovered: %d record(s), %d GPU(s) within %s",
            read(), history.gpus(), lookBack);
      }
    }
  }

  private static boolean reached(KafkaConsumer<String, byte[]> c, Map<TopicPartition, Long> ends) {
    return ends.entrySet().stream().allMatch(e -> c.position(e.getKey()) >= e.getValue());
  }

  private void take(ConsumerRecord<String, byte[]> record) {
    if (record.key() == null || !record.key().startsWith(keyPrefix) || record.value() == null) {
      return;
    }
    try {
      XidEvent event =
          Topics.DEVICE_XIDS.valueSerde().deserializer().deserialize(TOPIC, record.value());
      history.record(record.key(), event);
      read.incrementAndGet();
    } catch (RuntimeException e) {
      if (unreadable.incrementAndGet() == 1) {
        LOG.warnf(
            "skipping an unreadable record on %s at offset %d: %s", TOPIC, record.offset(), e);
      }
    }
  }

  private void sleepASecond() {
    try {
      Thread.sleep(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }

  @Override
  public void close() {
    running = false;
    KafkaConsumer<String, byte[]> c = consumer;
    if (c != null) {
      c.wakeup();
    }
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
