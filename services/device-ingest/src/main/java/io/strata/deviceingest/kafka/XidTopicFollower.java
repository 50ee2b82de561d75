package io.strata.deviceingest.kafka;

import io.strata.deviceingest.xid.XidHistory;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.StartAt;
import io.strata.kafka.read.TopicFollower;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
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

  private final String cluster;
  private final Duration lookBack;
  private final XidHistory history;
  private final AtomicLong read = new AtomicLong();
  private final AtomicLong unreadable = new AtomicLong();
  private final Map<XidRecord.SkipReason, AtomicLong> skips =
      new EnumMap<>(XidRecord.SkipReason.class);
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
    this.cluster = cluster;
    this.lookBack = lookBack;
    this.history = history;
    for (XidRecord.SkipReason reason : XidRecord.SkipReason.values()) {
      skips.put(reason, new AtomicLong());
    }
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

  /** Records skipped for {@code reason} so far. */
  public long skipped(XidRecord.SkipReason reason) {
    return skips.get(reason).get();
  }

  /**
   * Records that were not readable XID events (skipped for a reason that is {@code unreadable}).
   */
  public long unreadable() {
    return unreadable.get();
  }

  private void recovered() {
    history.markCaughtUp();
    LOG.infof(
        "XID history recovered: %d record(s), %d GPU(s) within %s",
        read(), history.gpus(), lookBack);
  }

  /** The decision is {@link XidRecord#read}'s (pure, fuzzed); here only its effects. */
  private void take(ConsumerRecord<String, byte[]> record) {
    XidRecord decided = XidRecord.read(cluster, record.key(), record.headers(), record.value());
    if (decided instanceof XidRecord.Taken taken) {
      history.record(taken.key(), taken.event());
      read.incrementAndGet();
    } else if (decided instanceof XidRecord.Skipped skipped) {
      skips.get(skipped.reason()).incrementAndGet();
      if (skipped.reason().unreadable() && unreadable.incrementAndGet() == 1) {
        LOG.warnf(
            "skipping an unreadable record on %s at offset %d: %s %s",
            TOPIC, record.offset(), skipped.reason(), skipped.detail());
      }
    }
  }

  @Override
  public void close() {
    follower.close();
  }
}
