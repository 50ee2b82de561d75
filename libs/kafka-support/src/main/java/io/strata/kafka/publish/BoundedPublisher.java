package io.strata.kafka.publish;

import io.strata.kafka.produce.RecordStamper;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Publishes through bounded buffers on a thread of its own, so the threads that make events never
 * wait for Kafka longer than their buffer's policy says. Two lanes: the normal one under the
 * service's {@link BufferPolicy}, and an optional never-evict lane that is sent first and re-sends
 * each record until Kafka acknowledges it. Every record is stamped with CloudEvents headers and the
 * trace context captured when it was offered; outcomes go to {@link PublisherHealth} and the
 * service's {@link PublishListener}.
 */
public final class BoundedPublisher implements AutoCloseable {

  private static final Duration POLL = Duration.ofMillis(100);

  private final Producer<String, byte[]> producer;
  private final RecordStamper stamper;
  private final PublisherOptions options;
  private final PublishListener listener;
  private final PublisherHealth health;
  private final OutboundBuffer normal;
  private final OutboundBuffer neverEvict;
  private final Semaphore unacknowledged;
  private final Thread sender;
  private volatile boolean running = true;
  private volatile long laneRetryNotBefore;

  public BoundedPublisher(
      Producer<String, byte[]> producer,
      RecordStamper stamper,
      PublisherOptions options,
      PublishListener listener,
      PublisherHealth health) {
    this.producer = producer;
    this.stamper = stamper;
    this.options = options;
    this.listener = listener;
    this.health = health;
    this.normal = new OutboundBuffer(options.normal());
    this.neverEvict =
        options.neverEvictCapacity() == 0
            ? null
            : new OutboundBuffer(BufferPolicy.refuseWhenFull(options.neverEvictCapacity()));
    this.unacknowledged = new Semaphore(options.maxUnacknowledged());
    this.sender = new Thread(this::run, options.threadName());
    sender.setDaemon(true);
    sender.start();
  }

  /** Offers a record to the normal lane under its policy. */
  public OfferResult offer(OutboundRecord record) {
    return offer(record, Lane.NORMAL);
  }

  /** Offers a record to a lane; a refusal is also reported to the listener. */
  public OfferResult offer(OutboundRecord record, Lane lane) {
    OutboundBuffer buffer = buffer(lane);
    OutboundRecord traced =
        record.traceContext().isEmpty()
            ? record.withTraceContext(stamper.captureTraceContext())
            : record;
    OfferResult result;
    try {
      result = buffer.offer(traced, listener::dropped);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      result = OfferResult.REFUSED;
    }
    if (result == OfferResult.REFUSED) {
      listener.refused(traced);
    }
    return result;
  }

  public PublisherHealth health() {
    return health;
  }

  /** Records waiting in a lane. */
  public int pending(Lane lane) {
    OutboundBuffer buffer = lane == Lane.NEVER_EVICT ? neverEvict : normal;
    return buffer == null ? 0 : buffer.size();
  }

  public int pending() {
    return pending(Lane.NORMAL) + pending(Lane.NEVER_EVICT);
  }

  /** Records handed to the producer and not yet acknowledged. */
  public int unacknowledged() {
    return options.maxUnacknowledged() - unacknowledged.availablePermits();
  }

  public int capacity(Lane lane) {
    return buffer(lane).capacity();
  }

  /** Records a DROP_OLDEST normal lane discarded so far. */
  public long dropped() {
    return normal.dropped();
  }

  /** Waits until the normal lane is empty (tests, shutdown); true if it emptied in time. */
  public boolean awaitEmpty(Duration timeout) throws InterruptedException {
    return normal.awaitEmpty(timeout);
  }

  private OutboundBuffer buffer(Lane lane) {
    if (lane == Lane.NEVER_EVICT) {
      if (neverEvict == null) {
        throw new IllegalStateException("this publisher has no never-evict lane");
      }
      return neverEvict;
    }
    return normal;
  }

  private void run() {
    while (running || pending() > 0) {
      try {
        // The permit first, the record second: the lane is chosen when the record can go at once,
        // so a never-evict record offered meanwhile is not overtaken by one already chosen.
        unacknowledged.acquire();
        Lane lane = Lane.NEVER_EVICT;
        OutboundRecord record = nextNeverEvict();
        if (record == null) {
          lane = Lane.NORMAL;
          record = normal.poll(POLL);
        }
        if (record == null) {
          unacknowledged.release();
        } else {
          send(record, lane);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private OutboundRecord nextNeverEvict() throws InterruptedException {
    if (neverEvict == null || System.nanoTime() < laneRetryNotBefore) {
      return null;
    }
    return neverEvict.poll(Duration.ZERO);
  }

  private void send(OutboundRecord record, Lane lane) {
    ProducerRecord<String, byte[]> producerRecord =
        stamper.record(
            record.topic(),
            record.eventType(),
            record.key(),
            record.value(),
            record.time(),
            record.traceContext());
    try {
      producer.send(producerRecord, (metadata, error) -> completed(record, lane, error));
    } catch (RuntimeException e) {
      // Not handed over (no metadata within max.block.ms, producer closed, ...).
      completed(record, lane, e);
    }
  }

  private void completed(OutboundRecord record, Lane lane, Exception error) {
    unacknowledged.release();
    if (error == null) {
      health.succeeded();
      listener.acknowledged(record);
      return;
    }
    health.failed(error);
    boolean retrying = lane == Lane.NEVER_EVICT && running;
    if (retrying) {
      laneRetryNotBefore = System.nanoTime() + options.retryBackoff().toNanos();
      neverEvict.requeueFirst(record);
    }
    listener.failed(record, error, retrying);
  }

  /**
   * Stops taking new work from the lanes once they are empty or {@code timeout} passed, then stops
   * the thread. The producer belongs to the caller, who closes it after this.
   */
  public void close(Duration timeout) {
    running = false;
    try {
      sender.join(timeout.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    sender.interrupt();
  }

  @Override
  public void close() {
    close(Duration.ofSeconds(10));
  }
}
