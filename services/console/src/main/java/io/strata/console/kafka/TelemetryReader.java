package io.strata.console.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.strata.console.config.ConsoleConfig;
import io.strata.console.core.ConsoleLimits;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.DetailCache;
import io.strata.console.core.IncidentTelemetry;
import io.strata.console.core.TelemetryKind;
import io.strata.console.core.TelemetryPlanner;
import io.strata.console.core.TelemetryRead;
import io.strata.events.topic.Topic;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.kafka.read.PartitionRange;
import io.strata.kafka.read.TopicReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Reads the spans, samples and XIDs of the incident a person looks at, when the page asks: only the
 * partitions TelemetryPlanner names, only between its times, within {@code detail.*} bounds,
 * decoding only the records whose key it looks for. What was read stays in a {@link DetailCache},
 * so refreshes read only an open incident's tail. One consumer, no group, read_committed, used
 * under this bean's lock (a KafkaConsumer is single-threaded).
 */
@ApplicationScoped
public class TelemetryReader {

  private static final Logger LOG = Logger.getLogger(TelemetryReader.class);

  @Inject ConsoleConfig config;
  @Inject MeterRegistry metrics;

  @ConfigProperty(name = "kafka.bootstrap.servers")
  String bootstrapServers;

  private KafkaConsumer<String, byte[]> consumer;
  private DetailCache cache;

  /** The incident's telemetry, brought up to date within the bounds (never throws for Kafka). */
  public synchronized IncidentTelemetry read(
      String incidentId, ConsoleState.Detail detail, ConsoleLimits limits, Instant now) {
    if (cache == null) {
      cache =
          new DetailCache(
              config.detail().cachedIncidents(), config.detail().refreshInterval(), limits);
    }
    try {
      Map<TelemetryKind, Integer> partitions = partitionCounts();
      DetailCache.Work work =
          cache.work(
              incidentId,
              TelemetryPlanner.plan(
                  detail.latest(),
                  detail.revisions(),
                  partitions,
                  now,
                  new TelemetryPlanner.Windows(
                      config.detail().traceBefore(), config.detail().traceAfter())),
              now);
      long deadline = System.nanoTime() + config.detail().maxReadTime().toNanos();
      for (DetailCache.Step step : work.steps()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          // The rest waits for the next refresh; the page shows what was read so far.
          break;
        }
        PartitionRange.Result result = run(step, work.telemetry(), Duration.ofNanos(left));
        cache.done(
            incidentId,
            step,
            result.nextOffset(),
            result.stop() == PartitionRange.Stop.REACHED_END);
      }
      return work.telemetry();
    } catch (KafkaException e) {
      LOG.warnf("could not read the telemetry of %s (shown without it): %s", incidentId, e);
      metrics.counter("strata.console.detail.failures").increment();
      return IncidentTelemetry.none(limits);
    }
  }

  /** Incidents whose telemetry is kept. */
  public synchronized int cachedIncidents() {
    return cache == null ? 0 : cache.size();
  }

  private PartitionRange.Result run(
      DetailCache.Step step, IncidentTelemetry telemetry, Duration timeLeft) {
    TelemetryRead read = step.read();
    Topic<String, ?> topic = topic(read.kind());
    TopicPartition partition = new TopicPartition(topic.name(), read.partition());
    PartitionRange.Bounds bounds =
        new PartitionRange.Bounds(config.detail().maxRecordsPerRead(), timeLeft);
    io.micrometer.core.instrument.Counter scanned =
        metrics.counter(
            "strata.console.detail.records.read",
            "topic",
            topic.name(),
            "partition",
            String.valueOf(read.partition()));
    java.util.function.Consumer<ConsumerRecord<String, byte[]>> handler =
        record -> {
          scanned.increment();
          if (record.value() != null && read.wants(record.key())) {
            keep(read.kind(), topic, record, telemetry);
          }
        };
    return step.fromOffset() == null
        ? PartitionRange.between(consumer(), partition, read.from(), step.to(), bounds, handler)
        : PartitionRange.continueAt(
            consumer(), partition, step.fromOffset(), step.to(), bounds, handler);
  }

  private void keep(
      TelemetryKind kind,
      Topic<String, ?> topic,
      ConsumerRecord<String, byte[]> record,
      IncidentTelemetry telemetry) {
    Optional<RecordRouter.SkipReason> skipped =
        TelemetryRecord.keep(kind, record.value(), telemetry);
    if (skipped.isEmpty()) {
      metrics.counter("strata.console.detail.records.kept", "topic", topic.name()).increment();
      return;
    }
    metrics
        .counter(
            "strata.console.records.skipped", "topic", topic.name(), "reason", skipped.get().name())
        .increment();
    LOG.warnf(
        "skipped %s@%d/%d: %s", topic.name(), record.partition(), record.offset(), skipped.get());
  }

  private static Topic<String, ?> topic(TelemetryKind kind) {
    return TelemetryRecord.topic(kind);
  }

  /**
   * Each telemetry topic's partition count from the client's metadata; a missing topic has none.
   */
  private Map<TelemetryKind, Integer> partitionCounts() {
    Map<TelemetryKind, Integer> counts = new EnumMap<>(TelemetryKind.class);
    for (TelemetryKind kind :
        new TelemetryKind[] {TelemetryKind.SAMPLES, TelemetryKind.XIDS, TelemetryKind.SPANS}) {
      var partitions = consumer().partitionsFor(topic(kind).name(), config.detail().maxReadTime());
      if (partitions != null && !partitions.isEmpty()) {
        counts.put(kind, partitions.size());
      }
    }
    return counts;
  }

  private KafkaConsumer<String, byte[]> consumer() {
    if (consumer == null) {
      Map<String, Object> settings =
          TopicReader.readerSettings(
              bootstrapServers, "strata-console-detail", KafkaClientSecurity.fromConfig());
      settings.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
      consumer =
          new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer());
    }
    return consumer;
  }

  void stop(@Observes ShutdownEvent event) {
    synchronized (this) {
      if (consumer != null) {
        consumer.close();
        consumer = null;
      }
    }
  }
}
