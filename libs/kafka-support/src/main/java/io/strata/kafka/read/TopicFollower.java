package io.strata.kafka.read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;
import org.jboss.logging.Logger;

/**
 * Follows topics forever without a consumer group, on a thread of its own: every partition assigned
 * (no rebalance, no commits: each instance reads everything), each partition started where its
 * {@link StartAt} says, every polled batch handed to one callback. Beside {@link TopicReader}'s
 * read-to-end, this is the one follow loop of Strata (ADR 030).
 *
 * <ul>
 *   <li>Caught up: once the positions reach the end offsets the catch-up topics had at the first
 *       assignment (for a {@code read_committed} reader, the last stable offsets), {@link
 *       #caughtUp()} turns true and the {@code onCaughtUp} callback runs, once.
 *   <li>Failures: a missing topic ({@link FollowProblem#TOPIC_MISSING}) or a client failure ({@link
 *       FollowProblem#KAFKA_UNAVAILABLE}) is logged once per episode, shown by {@link #problem()}
 *       and retried with a fresh consumer that resumes after the last record handed over (a
 *       partition never read starts at its {@link StartAt} again).
 *   <li>A callback that throws loses its batch (or, with {@code onEachRecord}, that record) only:
 *       it is logged and counted in {@link #handlerFailures()}, and following goes on. An {@link
 *       Error} ends the thread, logged, as {@link FollowProblem#THREAD_DIED}: never silently.
 * </ul>
 */
public final class TopicFollower<K, V> implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(TopicFollower.class);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final TopicFollowerBuilder<K, V> spec;
  private final Consumer<ConsumerRecords<K, V>> handler;
  private final Thread thread;
  private final AtomicLong records = new AtomicLong();
  private final AtomicLong handlerFailures = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();

  /** Where each partition resumes after a reconnect; the follower thread's alone. */
  private final Map<TopicPartition, Long> next = new HashMap<>();

  /** Cut short a retry pause when close() is called. */
  private final CountDownLatch closing = new CountDownLatch(1);

  private Map<TopicPartition, Long> catchUpEnds = Map.of();
  private volatile boolean running = true;
  private volatile org.apache.kafka.clients.consumer.Consumer<K, V> consumer;
  private volatile FollowProblem problem = FollowProblem.NOT_STARTED;
  private volatile String detail = "not connected yet";
  private volatile int partitions;
  private volatile boolean caughtUp;

  /**
   * The group-less reader settings ({@link TopicReader#readerSettings(String, String, Map)}: no
   * commits, read_committed, the client's security merged) with {@code auto.offset.reset=earliest},
   * so a resume position compaction or retention removed restarts at the oldest record left.
   */
  public static Map<String, Object> followerSettings(
      String bootstrapServers, String clientId, Map<String, Object> security) {
    Map<String, Object> settings = TopicReader.readerSettings(bootstrapServers, clientId, security);
    settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    return settings;
  }

  /** A follower called {@code name} (its thread and log lines) over consumers of these settings. */
  public static <K, V> TopicFollowerBuilder<K, V> builder(
      String name,
      Map<String, Object> settings,
      Supplier<Deserializer<K>> keys,
      Supplier<Deserializer<V>> values) {
    Map<String, Object> copy = Map.copyOf(settings);
    return new TopicFollowerBuilder<>(
        name, () -> new KafkaConsumer<>(copy, keys.get(), values.get()));
  }

  TopicFollower(
      TopicFollowerBuilder<K, V> spec,
      Consumer<ConsumerRecords<K, V>> onBatch,
      Consumer<ConsumerRecord<K, V>> onEachRecord) {
    this.spec = spec;
    this.handler = onBatch != null ? onBatch : batch -> batch.forEach(r -> hand(r, onEachRecord));
    this.thread = new Thread(this::run, spec.name);
    thread.setDaemon(true);
  }

  /** Starts the follower's thread (once; a closed follower stays closed). */
  public synchronized void start() {
    if (running && thread.getState() == Thread.State.NEW) {
      thread.start();
    }
  }

  /** {@link FollowProblem#NONE} while reading; otherwise why not. */
  public FollowProblem problem() {
    return problem;
  }

  /** The problem in words (the failure's message), or what is being read. */
  public String detail() {
    return detail;
  }

  /** Partitions assigned while reading; 0 otherwise. */
  public int partitions() {
    return problem == FollowProblem.NONE ? partitions : 0;
  }

  /** Whether the catch-up topics were read to the ends they had when following began. */
  public boolean caughtUp() {
    return caughtUp;
  }

  /** Records handed to the callback so far (each once, in order per partition). */
  public long records() {
    return records.get();
  }

  /** Batches (with {@code onEachRecord}: records) whose callback threw. */
  public long handlerFailures() {
    return handlerFailures.get();
  }

  /** Times the follower lost its consumer or found a topic missing and had to retry. */
  public long failures() {
    return failures.get();
  }

  private void run() {
    try {
      while (running) {
        try (org.apache.kafka.clients.consumer.Consumer<K, V> c = spec.consumers.get()) {
          consumer = c;
          follow(c);
        } catch (RuntimeException e) {
          if (!running) {
            break; // close() woke the poll up (WakeupException) or closed the client under it
          }
          failed(FollowProblem.KAFKA_UNAVAILABLE, String.valueOf(e));
        } finally {
          consumer = null;
        }
      }
      problem = FollowProblem.CLOSED;
      detail = "closed";
    } catch (Error e) {
      problem = FollowProblem.THREAD_DIED;
      detail = String.valueOf(e);
      LOG.errorf(e, "%s stopped following %s: %s", spec.name, spec.topics.keySet(), e);
      throw e;
    }
  }

  private void follow(org.apache.kafka.clients.consumer.Consumer<K, V> c) {
    List<TopicPartition> assigned = new ArrayList<>();
    for (String topic : spec.topics.keySet()) {
      List<PartitionInfo> infos = c.partitionsFor(topic, spec.metadataTimeout);
      if (infos == null || infos.isEmpty()) {
        failed(FollowProblem.TOPIC_MISSING, "topic " + topic + " has no partitions");
        return;
      }
      infos.forEach(p -> assigned.add(new TopicPartition(topic, p.partition())));
    }
    c.assign(assigned);
    position(c, assigned);
    if (!caughtUp) {
      List<TopicPartition> catchUp =
          assigned.stream().filter(p -> spec.catchUp.contains(p.topic())).toList();
      catchUpEnds = c.endOffsets(catchUp, spec.metadataTimeout);
    }
    partitions = assigned.size();
    detail = "reading " + assigned.size() + " partition(s) of " + spec.topics.keySet();
    if (problem != FollowProblem.NONE) {
      LOG.infof("%s: following %s, no consumer group", spec.name, detail);
    }
    problem = FollowProblem.NONE;
    while (running) {
      ConsumerRecords<K, V> batch = c.poll(spec.pollTimeout);
      if (!batch.isEmpty()) {
        records.addAndGet(batch.count());
        hand(batch);
        for (TopicPartition p : batch.partitions()) {
          List<ConsumerRecord<K, V>> read = batch.records(p);
          next.put(p, read.get(read.size() - 1).offset() + 1);
        }
      }
      checkCaughtUp(c);
    }
  }

  /** Partitions read before resume after their last record; the others start at their StartAt. */
  private void position(
      org.apache.kafka.clients.consumer.Consumer<K, V> c, List<TopicPartition> all) {
    Map<String, List<TopicPartition>> fresh = new HashMap<>();
    for (TopicPartition partition : all) {
      Long resume = next.get(partition);
      if (resume == null) {
        fresh.computeIfAbsent(partition.topic(), t -> new ArrayList<>()).add(partition);
      } else {
        c.seek(partition, resume);
      }
    }
    fresh.forEach((topic, list) -> spec.topics.get(topic).seek(c, list));
  }

  private void checkCaughtUp(org.apache.kafka.clients.consumer.Consumer<K, V> c) {
    if (caughtUp || !TopicReader.reachedEnd(c, catchUpEnds)) {
      return;
    }
    caughtUp = true;
    try {
      spec.onCaughtUp.run();
    } catch (RuntimeException e) {
      LOG.errorf(e, "%s: the caught-up callback failed", spec.name);
    }
  }

  private void hand(ConsumerRecords<K, V> batch) {
    try {
      handler.accept(batch);
    } catch (RuntimeException e) {
      handlerFailures.incrementAndGet();
      LOG.errorf(e, "%s: a batch of %d record(s) was not handled", spec.name, batch.count());
    }
  }

  private void hand(ConsumerRecord<K, V> record, Consumer<ConsumerRecord<K, V>> onEachRecord) {
    try {
      onEachRecord.accept(record);
    } catch (RuntimeException e) {
      handlerFailures.incrementAndGet();
      LOG.errorf(
          e,
          "%s: record %s-%d@%d not handled",
          spec.name,
          record.topic(),
          record.partition(),
          record.offset());
    }
  }

  /** Shows the reason (logged once per episode), then pauses before the next try. */
  private void failed(FollowProblem why, String what) {
    if (problem != why) {
      LOG.warnf(
          "%s cannot read %s: %s (%s); retrying every %s",
          spec.name, spec.topics.keySet(), why, what, spec.retry);
    }
    failures.incrementAndGet();
    problem = why;
    detail = what;
    try {
      closing.await(spec.retry.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }

  /** Stops following: wakes the poll up and waits (5 s at most) for the thread to end. */
  @Override
  public void close() {
    synchronized (this) {
      running = false;
    }
    closing.countDown();
    org.apache.kafka.clients.consumer.Consumer<K, V> c = consumer;
    if (c != null) {
      c.wakeup();
    }
    if (thread.getState() == Thread.State.NEW) {
      problem = FollowProblem.CLOSED;
      detail = "closed";
      return;
    }
    try {
      thread.join(CLOSE_WAIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      LOG.warnf("%s did not stop within %s", spec.name, CLOSE_WAIT);
    }
  }
}
