package io.strata.deviceingest.publish;

import io.strata.deviceingest.xid.XidHistory;
import io.strata.events.device.XidEvent;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.StartAt;
import io.strata.kafka.read.TopicFollower;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

/**
 * Reads strata.device.xids.v1 into an {@link XidHistory}: first the look-back (from the offset of
 * {@code now - look-back} to the end offsets seen at start; then the history is caught up and
 * scraping may begin), then every new XID event as it is written, by this replica or another one,
 * so a target that moves here later finds its GPUs' XIDs already known. The follow loop is
 * kafka-support's {@link TopicFollower}: assigned partitions, no consumer group, no commits (every
 * replica reads the whole, small topic: XIDs are rare); Kafka unavailable or the topic missing:
 * retried every second, the history stays not caught up (readiness DOWN).
 */
public final class XidTopicFollower implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(XidTopicFollower.class);
  private static final String TOPIC = Topics.DEVICE_XIDS.name();
  private static final String CLIENT_ID = "strata-device-ingest-xid-history";

  private final String keyPrefix;
  private final Duration lookBack;
  private final XidHistory history;
  private final AtomicLong read = new AtomicLong();
  private final AtomicLong unreadable = new AtomicLong();
  private final TopicFollower<String, byte[]> follower;

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
    this.keyPrefix = cluster + "/";
    this.lookBack = lookBack;
    this.history = history;
    this.follower =
        TopicFollower.builder(
                "strata-xid-history",
                consumerSettings,
                StringDeserializer::new,
                ByteArrayDeserializer::new)
            .follow(TOPIC, StartAt.lookBack(clock, lookBack))
            .onCaughtUp(this::recovered)
            .onEachRecord(this::take);
  }

  /**
   * The shared follower settings (no commits, read_committed, earliest on a lost position) plus
   * {@code security}: the service's kafka.* security settings ({@code
   * KafkaClientSecurity.fromConfig()}), so this hand-built consumer authenticates like the
   * Quarkus-managed clients (SCRAM over TLS, ADR 010).
   */
  public static Map<String, Object> consumerSettings(
      String bootstrapServers, Map<String, Object> security) {
    return TopicFollower.followerSettings(bootstrapServers, CLIENT_ID, security);
  }

  public void start() {
    follower.start();
  }

  /** XID records taken into the history so far. */
  public long read() {
    return read.get();
  }

  /** Records that were not readable XID events (skipped). */
  public long unreadable() {
    return unreadable.get();
  }

  private void recovered() {
    history.markCaughtUp();
    LOG.infof(
        "XID history recovered: %d record(s), %d GPU(s) within %s",
        read(), history.gpus(), lookBack);
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

  @Override
  public void close() {
    follower.close();
  }
}
