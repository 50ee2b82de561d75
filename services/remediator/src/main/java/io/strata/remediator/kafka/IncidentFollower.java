package io.strata.remediator.kafka;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.events.topic.Topics;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.kafka.read.TopicReader;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
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
 * Reads every partition of strata.incidents.v1, in every instance, without a consumer group (ADR
 * 022): a standby no longer holds partitions the leader needs (fault-suite finding 3), and there is
 * no acknowledgement a slow incident could hold back until a commit strategy fails the channel
 * (finding 4). Each record is handed to {@link IncidentConsumer}, which only validates it and
 * queues it for the execution thread, so this loop never waits on remediation. It starts at the
 * topic's beginning, resumes from its own positions after a failure (retried every second,
 * readiness DOWN with the reason meanwhile), and reads committed transactions only.
 */
@Singleton
public class IncidentFollower {

  private static final Logger LOG = Logger.getLogger(IncidentFollower.class);
  static final String CLIENT_ID = "strata-remediator-incidents";
  private static final String TOPIC = Topics.INCIDENTS.name();
  private static final Duration RETRY = Duration.ofSeconds(1);

  private final Map<String, Object> settings;
  private final Consumer<ConsumerRecord<String, byte[]>> handler;
  private final Map<TopicPartition, Long> next = new HashMap<>();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile KafkaConsumer<String, byte[]> consumer;
  private volatile IncidentsReadProblem problem = IncidentsReadProblem.NOT_STARTED;
  private volatile String detail = "not connected yet";
  private volatile int partitions;
  private final AtomicLong handed = new AtomicLong();

  @Inject
  public IncidentFollower(
      @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
      IncidentConsumer incidents) {
    this(settings(bootstrapServers, KafkaClientSecurity.fromConfig()), incidents::consume);
  }

  /** A follower handing records to {@code handler} (tests: two instances in one JVM). */
  public IncidentFollower(
      Map<String, Object> settings, Consumer<ConsumerRecord<String, byte[]>> handler) {
    this.settings = Map.copyOf(settings);
    this.handler = handler;
    this.thread = new Thread(this::run, "strata-remediator-incidents");
    thread.setDaemon(true);
  }

  /** Group-less, read_committed, no commits; an offset gone to compaction restarts at the start. */
  public static Map<String, Object> settings(
      String bootstrapServers, Map<String, Object> security) {
    Map<String, Object> settings =
        TopicReader.readerSettings(bootstrapServers, CLIENT_ID, security);
    settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    return settings;
  }

  void onStart(@Observes StartupEvent event) {
    start();
  }

  void onStop(@Observes ShutdownEvent event) {
    close();
  }

  public void start() {
    if (!thread.isAlive()) {
      thread.start();
    }
  }

  /** NONE while reading; otherwise why not. */
  public IncidentsReadProblem problem() {
    return problem;
  }

  public String detail() {
    return detail;
  }

  /** Records handed to the handler so far (each handed over once, in order per partition). */
  public long handed() {
    return handed.get();
  }

  /** Partitions assigned while reading; 0 otherwise. */
  public int partitions() {
    return problem == IncidentsReadProblem.NONE ? partitions : 0;
  }

  private void run() {
    while (running) {
      try (KafkaConsumer<String, byte[]> c =
          new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer())) {
        consumer = c;
        follow(c);
      } catch (WakeupException e) {
        return;
      } catch (RuntimeException e) {
        if (!running) {
          return;
        }
        failed(IncidentsReadProblem.KAFKA_UNAVAILABLE, String.valueOf(e.getMessage()));
      }
    }
  }

  private void follow(KafkaConsumer<String, byte[]> c) {
    List<TopicPartition> assigned =
        c.partitionsFor(TOPIC, Duration.ofSeconds(10)).stream()
            .map(p -> new TopicPartition(TOPIC, p.partition()))
            .toList();
    if (assigned.isEmpty()) {
      failed(IncidentsReadProblem.TOPIC_MISSING, "topic " + TOPIC + " has no partitions");
      return;
    }
    c.assign(assigned);
    for (TopicPartition partition : assigned) {
      Long from = next.get(partition);
      if (from == null) {
        c.seekToBeginning(List.of(partition));
      } else {
        c.seek(partition, from);
      }
    }
    partitions = assigned.size();
    problem = IncidentsReadProblem.NONE;
    detail = "reading " + assigned.size() + " partition(s)";
    LOG.infof("following %s: %d partition(s), no consumer group", TOPIC, assigned.size());
    while (running) {
      for (ConsumerRecord<String, byte[]> record : c.poll(Duration.ofMillis(500))) {
        hand(record);
        handed.incrementAndGet();
        next.put(new TopicPartition(record.topic(), record.partition()), record.offset() + 1);
      }
    }
  }

  /** A handler that throws loses that record only, never the follower. */
  private void hand(ConsumerRecord<String, byte[]> record) {
    try {
      handler.accept(record);
    } catch (RuntimeException e) {
      LOG.errorf(
          e, "incident record %s-%d@%d not handled", TOPIC, record.partition(), record.offset());
    }
  }

  /** Readiness DOWN with the reason (logged once per episode), then a pause before retrying. */
  private void failed(IncidentsReadProblem why, String what) {
    if (problem != why) {
      LOG.warnf("cannot read %s: %s (%s); retrying every %s", TOPIC, why, what, RETRY);
    }
    problem = why;
    detail = what;
    pause();
  }

  private void pause() {
    try {
      Thread.sleep(RETRY.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }

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
