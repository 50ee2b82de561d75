package io.strata.deviceingest.publish;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jboss.logging.Logger;

/**
 * One path from the scrapes to Kafka: its own buffer, its own drain thread and its own share of
 * records inside the producer, so a flood on one lane (samples) never delays or evicts the records
 * of another (XID events). Knows nothing of device-ingest's events or of Kafka: it hands records to
 * a {@link Sender} and reacts to the acknowledgement.
 *
 * <p>{@link Delivery#BEST_EFFORT}: a record that Kafka did not acknowledge is counted as failed and
 * gone. {@link Delivery#UNTIL_ACKNOWLEDGED}: it goes back to the head of the buffer and is sent
 * again (the caller's record, and so its CloudEvents id, is the same object every time) until Kafka
 * acknowledges it, unless the error says a re-send can never succeed.
 */
public final class PublishLane<R> implements AutoCloseable {

  /** What the lane does with a record Kafka did not acknowledge. */
  public enum Delivery {
    BEST_EFFORT,
    UNTIL_ACKNOWLEDGED
  }

  /** Hands a record on; throws when it cannot even be handed on (the lane keeps it then). */
  @FunctionalInterface
  public interface Sender<R> {
    void send(R record, Consumer<Exception> acknowledged);
  }

  private static final Logger LOG = Logger.getLogger(PublishLane.class);
  private static final long RETRY_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  private final String name;
  private final LaneBuffer<R> buffer;
  private final Delivery delivery;
  private final Predicate<Exception> permanent;
  private final Sender<R> sender;
  private final int maxUnacknowledged;
  private final Semaphore unacknowledged;
  private final Counter sent;
  private final Counter failed;
  private final Counter dropped;
  private final Counter resent;
  private final AtomicLong droppedCount = new AtomicLong();
  private final AtomicBoolean dropping = new AtomicBoolean();
  private final AtomicBoolean deliveryFailing = new AtomicBoolean();
  private volatile long lastFailureNanos = System.nanoTime() - RETRY_BACKOFF_NANOS;
  private final Thread drainer;
  private volatile boolean running = true;

  /**
   * @param meters the lane's meter names; each meter carries a {@code lane} tag
   * @param permanent errors after which a re-send can never succeed (record too large, ...)
   */
  public PublishLane(
      String name,
      LaneBuffer<R> buffer,
      Delivery delivery,
      int maxUnacknowledged,
      Predicate<Exception> permanent,
      Sender<R> sender,
      MeterRegistry registry,
      LaneMeterNames meters) {
    this.name = name;
    this.buffer = buffer;
    this.delivery = delivery;
    this.permanent = permanent;
    this.sender = sender;
    this.maxUnacknowledged = maxUnacknowledged;
    this.unacknowledged = new Semaphore(maxUnacknowledged);
    this.sent = counter(registry, meters.sent(), "Records acknowledged by Kafka");
    this.failed = counter(registry, meters.failed(), "Sends Kafka did not acknowledge in time");
    this.dropped =
        counter(
            registry,
            meters.dropped(),
            "Records dropped: oldest evicted (best effort) or refused at the safety cap");
    this.resent = counter(registry, meters.resent(), "Records sent again after a failed delivery");
    Gauge.builder(meters.buffered(), buffer, LaneBuffer::size)
        .tag("lane", name)
        .description("Records waiting in the lane's buffer")
        .strongReference(true)
        .register(registry);
    Gauge.builder(meters.unacknowledged(), this, PublishLane::unacknowledged)
        .tag("lane", name)
        .description("Records handed to the producer and not yet acknowledged")
        .strongReference(true)
        .register(registry);
    this.drainer = new Thread(this::drain, "strata-publish-" + name);
    drainer.setDaemon(true);
    drainer.start();
  }

  private Counter counter(MeterRegistry registry, String meter, String description) {
    return Counter.builder(meter).tag("lane", name).description(description).register(registry);
  }

  /** Queues a record; never blocks. */
  public void offer(R record) {
    R gone = buffer.offer(record);
    if (gone != null) {
      onDrop(gone == record);
    }
  }

  /** True while Kafka does not acknowledge this lane's records or the lane is dropping. */
  public boolean degraded() {
    return dropping.get() || deliveryFailing.get();
  }

  public int buffered() {
    return buffer.size();
  }

  public int unacknowledged() {
    return maxUnacknowledged - unacknowledged.availablePermits();
  }

  public long droppedCount() {
    return droppedCount.get();
  }

  public String name() {
    return name;
  }

  private void drain() {
    while (running) {
      try {
        // The permit first: a record waiting for room in the producer stays in the buffer, where
        // it counts (and, in a drop-oldest lane, can make room for a newer one).
        unacknowledged.acquire();
        R record = buffer.poll(200, TimeUnit.MILLISECONDS);
        if (record == null) {
          unacknowledged.release();
          continue;
        }
        waitOutBackoff();
        handOn(record);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** After a failure, wait a little before the next send, so a fast failure cannot spin. */
  private void waitOutBackoff() throws InterruptedException {
    if (!deliveryFailing.get()) {
      return;
    }
    long wait = lastFailureNanos + RETRY_BACKOFF_NANOS - System.nanoTime();
    if (wait > 0) {
      TimeUnit.NANOSECONDS.sleep(wait);
    }
  }

  private void handOn(R record) {
    try {
      sender.send(record, error -> acknowledged(record, error));
    } catch (RuntimeException e) {
      unacknowledged.release();
      markFailing();
      LOG.warnf("lane %s: cannot hand a record to Kafka (%s); keeping it", name, e.getMessage());
      R gone = buffer.requeueFirst(record);
      if (gone != null) {
        onDrop(false);
      }
    }
  }

  private void acknowledged(R record, Exception error) {
    unacknowledged.release();
    if (error == null) {
      sent.increment();
      if (deliveryFailing.compareAndSet(true, false)) {
        LOG.infof("lane %s: Kafka acknowledges records again; publishing resumed", name);
      }
      if (buffer.size() < buffer.capacity() && dropping.compareAndSet(true, false)) {
        LOG.infof("lane %s has room again (%d dropped so far)", name, droppedCount.get());
      }
      return;
    }
    failed.increment();
    if (markFailing()) {
      LOG.warnf("lane %s: Kafka did not acknowledge a record: %s", name, error.getMessage());
    }
    if (delivery == Delivery.UNTIL_ACKNOWLEDGED) {
      if (permanent.test(error)) {
        LOG.errorf(error, "lane %s: a record can never be delivered; dropping it", name);
        onDrop(false);
        return;
      }
      resent.increment();
      buffer.requeueFirst(record);
    }
  }

  private boolean markFailing() {
    lastFailureNanos = System.nanoTime();
    return deliveryFailing.compareAndSet(false, true);
  }

  private void onDrop(boolean refusedAtCap) {
    dropped.increment();
    long count = droppedCount.incrementAndGet();
    if (dropping.compareAndSet(false, true)) {
      if (delivery == Delivery.UNTIL_ACKNOWLEDGED || refusedAtCap) {
        LOG.errorf(
            "lane %s LOSES records: its safety cap of %d is reached (Kafka down for long?)",
            name, buffer.capacity());
      } else {
        LOG.warnf(
            "lane %s full (%d records): Kafka unavailable or slow, dropping the oldest",
            name, buffer.capacity());
      }
    } else if (delivery == Delivery.UNTIL_ACKNOWLEDGED && count % 1000 == 0) {
      LOG.errorf("lane %s: %d records lost at its safety cap so far", name, count);
    }
  }

  @Override
  public void close() {
    running = false;
    drainer.interrupt();
  }
}
