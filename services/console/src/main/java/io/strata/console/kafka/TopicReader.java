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
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
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

  /** Read from their start: the console shows their whole history. */
  private static final Set<String> HISTORY =
      Set.of(Topics.INCIDENTS.name(), Topics.REMEDIATION.name(), Topics.REVIEWS.name());

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

  /**
   * Every partition assigned through the shared reader (kafka-support {@code read/TopicReader});
   * history topics from their start, the rest from {@code lookback} ago.
   */
  private void assign(KafkaConsumer<String, byte[]> kafka) {
    List<TopicPartition> all =
        io.strata.kafka.read.TopicReader.assignAll(
            kafka, topics().stream().map(Topic::name).toList(), Duration.ofSeconds(30));
    List<TopicPartition> fromStart =
        all.stream().filter(tp -> HISTORY.contains(tp.topic())).toList();
    List<TopicPartition> recent = all.stream().filter(tp -> !HISTORY.contains(tp.topic())).toList();
    kafka.seekToBeginning(fromStart);
    io.strata.kafka.read.TopicReader.seekToTime(
        kafka, recent, Instant.now().minus(config.topics().lookback()));
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
      caughtUp = io.strata.kafka.read.TopicReader.reachedEnd(kafka, startupEnds);
    }
  }

  /**
   * The shared group-less reader settings: no commits, {@code read_committed} (incidents and
   * actions are written in transactions; an aborted one must never be shown), and the service's
   * kafka.* security settings, so this hand-built consumer authenticates like the Quarkus-managed
   * clients.
   */
  private Map<String, Object> properties() {
    Map<String, Object> props =
        io.strata.kafka.read.TopicReader.readerSettings(
            bootstrapServers, "strata-console", KafkaClientSecurity.fromConfig());
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    props.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
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
