package io.strata.console.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.console.config.ConsoleConfig;
import io.strata.console.core.ConsoleState;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Reads the topics the console shows on one thread, with assigned partitions and no consumer group
 * (every console instance needs every partition and commits nothing; ADR 004). Incidents, actions
 * and reviews are read from their start; spans, device samples and XIDs from {@code lookback} ago.
 */
@ApplicationScoped
public class TopicReader {

  private static final Logger LOG = Logger.getLogger(TopicReader.class);

  @Inject ConsoleState state;
  @Inject ConsoleConfig config;
  @Inject MeterRegistry metrics;

  @ConfigProperty(name = "kafka.bootstrap.servers")
  String bootstrapServers;

  private volatile KafkaConsumer<String, byte[]> consumer;
  private volatile boolean running;
  private volatile boolean caughtUp;
  private final Map<TopicPartition, Long> startupEnds = new HashMap<>();
  private Thread thread;

  void start(@Observes StartupEvent event) {
    running = true;
    thread = new Thread(this::run, "console-topic-reader");
    thread.setDaemon(true);
    thread.start();
  }

  void stop(@Observes ShutdownEvent event) {
    running = false;
    KafkaConsumer<String, byte[]> current = consumer;
    if (current != null) {
      current.wakeup();
    }
  }

  /** True once the incidents, actions and reviews present at startup have been read. */
  public boolean caughtUp() {
    return caughtUp;
  }

  private List<Topic<?, ?>> topics() {
    List<Topic<?, ?>> topics =
        new ArrayList<>(
            List.of(
                Topics.INCIDENTS,
                Topics.REMEDIATION,
                Topics.REVIEWS,
                Topics.TRACE_SPANS,
                Topics.DEVICE_XIDS));
    if (config.topics().deviceSamples()) {
      topics.add(Topics.DEVICE_SAMPLES);
    }
    return topics;
  }

  private void run() {
    RecordRouter router = new RecordRouter(state);
    while (running) {
      try (KafkaConsumer<String, byte[]> kafka = new KafkaConsumer<>(properties())) {
        consumer = kafka;
        assign(kafka);
        while (running) {
          for (ConsumerRecord<String, byte[]> record : kafka.poll(config.topics().pollTimeout())) {
            Optional<RecordRouter.SkipReason> skipped =
                router.route(record.topic(), record.key(), record.value());
            metrics.counter("strata.console.records", "topic", record.topic()).increment();
            skipped.ifPresent(
                reason -> {
                  // The producing service dead-letters poison; the console only reads, so it
                  // counts and logs what it could not show.
                  metrics
                      .counter(
                          "strata.console.records.skipped",
                          "topic",
                          record.topic(),
                          "reason",
                          reason.name())
                      .increment();
                  LOG.warnf(
                      "skipped %s@%d/%d: %s",
                      record.topic(), record.partition(), record.offset(), reason);
                });
          }
          checkCaughtUp(kafka);
        }
      } catch (WakeupException e) {
        // stop() asked the consumer to return.
      } catch (RuntimeException e) {
        LOG.warnf("topic reader failed, reconnecting in 2 s: %s", e.toString());
        sleepQuietly();
      }
    }
  }

  private void assign(KafkaConsumer<String, byte[]> kafka) {
    List<TopicPartition> fromStart = new ArrayList<>();
    List<TopicPartition> recent = new ArrayList<>();
    for (Topic<?, ?> topic : topics()) {
      List<PartitionInfo> partitions = kafka.partitionsFor(topic.name(), Duration.ofSeconds(30));
      boolean history =
          topic == Topics.INCIDENTS || topic == Topics.REMEDIATION || topic == Topics.REVIEWS;
      for (PartitionInfo partition : partitions == null ? List.<PartitionInfo>of() : partitions) {
        (history ? fromStart : recent).add(new TopicPartition(topic.name(), partition.partition()));
      }
    }
    List<TopicPartition> all = new ArrayList<>(fromStart);
    all.addAll(recent);
    kafka.assign(all);
    kafka.seekToBeginning(fromStart);
    long since = Instant.now().minus(config.topics().lookback()).toEpochMilli();
    Map<TopicPartition, Long> times = new HashMap<>();
    recent.forEach(tp -> times.put(tp, since));
    Map<TopicPartition, OffsetAndTimestamp> offsets = kafka.offsetsForTimes(times);
    for (TopicPartition tp : recent) {
      OffsetAndTimestamp offset = offsets.get(tp);
      if (offset == null) {
        kafka.seekToEnd(List.of(tp));
      } else {
        kafka.seek(tp, offset.offset());
      }
    }
    synchronized (startupEnds) {
      startupEnds.clear();
      startupEnds.putAll(kafka.endOffsets(fromStart));
    }
  }

  private void checkCaughtUp(KafkaConsumer<String, byte[]> kafka) {
    if (caughtUp) {
      return;
    }
    synchronized (startupEnds) {
      caughtUp =
          startupEnds.entrySet().stream().allMatch(e -> kafka.position(e.getKey()) >= e.getValue());
    }
  }

  private Properties properties() {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    props.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, "strata-console");
    props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
    // The correlator writes incidents in exactly-once transactions: never show an aborted one.
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    // Authenticate like the Quarkus-managed clients (deploy/'s SCRAM-over-TLS listener, ADR 010).
    props.putAll(KafkaClientSecurity.fromConfig());
    return props;
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
