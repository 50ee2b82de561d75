package io.strata.kafka.publish;

import io.strata.kafka.produce.RecordStamper;
import java.time.Duration;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Publishes through bounded buffers, each drained by a thread of its own, so the threads that make
 * events never wait for Kafka longer than their buffer's policy says. Two lanes: the normal one
 * under the service's {@link BufferPolicy}, and an optional never-evict lane that re-sends each
 * record until Kafka acknowledges it (unless the error says it never will, {@link DeliveryErrors}).
 * Each lane has its own share of unacknowledged records inside the producer, so a flood on the
 * normal lane never evicts nor holds back a never-evict record. Every record is stamped with
 * CloudEvents headers (its own id when it carries one) and the trace context captured when it was
 * offered; outcomes go to {@link PublisherHealth} and the service's {@link PublishListener}.
 */
public final class BoundedPublisher implements AutoCloseable {

  private final Producer<String, byte[]> producer;
  private final RecordStamper stamper;
  private final PublishListener listener;
  private final PublisherHealth health;
  private final LaneDrain normal;
  private final LaneDrain neverEvict;

  public BoundedPublisher(
      Producer<String, byte[]> producer,
      RecordStamper stamper,
      PublisherOptions options,
      PublishListener listener,
      PublisherHealth health) {
    this.producer = producer;
    this.stamper = stamper;
    this.listener = listener;
    this.health = health;
    this.normal =
        new LaneDrain(
            Lane.NORMAL,
            new OutboundBuffer(options.normal()),
            options.maxUnacknowledged(),
            false,
            Duration.ZERO,
            this::send,
            options.threadName());
    this.neverEvict =
        options.neverEvictCapacity() == 0
            ? null
            : new LaneDrain(
                Lane.NEVER_EVICT,
                new OutboundBuffer(BufferPolicy.refuseWhenFull(options.neverEvictCapacity())),
                options.maxUnacknowledged(),
                true,
                options.retryBackoff(),
                this::send,
                options.threadName() + "-never-evict");
  }

  /** Offers a record to the normal lane under its policy. */
  public OfferResult offer(OutboundRecord record) {
    return offer(record, Lane.NORMAL);
  }

  /** Offers a record to a lane; a refusal is also reported to the listener. */
  public OfferResult offer(OutboundRecord record, Lane lane) {
    OutboundBuffer buffer = drain(lane).buffer();
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
    LaneDrain drain = lane == Lane.NEVER_EVICT ? neverEvict : normal;
    return drain == null ? 0 : drain.buffer().size();
  }

  public int pending() {
    return pending(Lane.NORMAL) + pending(Lane.NEVER_EVICT);
  }

  /** Records of a lane handed to the producer and not yet acknowledged. */
  public int unacknowledged(Lane lane) {
    LaneDrain drain = lane == Lane.NEVER_EVICT ? neverEvict : normal;
    return drain == null ? 0 : drain.unacknowledged();
  }

  /** Records handed to the producer and not yet acknowledged, both lanes. */
  public int unacknowledged() {
    return unacknowledged(Lane.NORMAL) + unacknowledged(Lane.NEVER_EVICT);
  }

  public int capacity(Lane lane) {
    return drain(lane).buffer().capacity();
  }

  /** Records a DROP_OLDEST normal lane discarded so far. */
  public long dropped() {
    return normal.buffer().dropped();
  }

  /** Waits until the normal lane is empty (tests, shutdown); true if it emptied in time. */
  public boolean awaitEmpty(Duration timeout) throws InterruptedException {
    return normal.buffer().awaitEmpty(timeout);
  }

  private LaneDrain drain(Lane lane) {
    if (lane == Lane.NEVER_EVICT) {
      if (neverEvict == null) {
        throw new IllegalStateException("this publisher has no never-evict lane");
      }
      return neverEvict;
    }
    return normal;
  }

  private void send(OutboundRecord record, Lane lane, LaneDrain drain) {
    ProducerRecord<String, byte[]> producerRecord =
        stamper.record(
            record.topic(),
            record.eventType(),
            record.key(),
            record.value(),
            record.time(),
            record.traceContext(),
            record.ceId());
    try {
      producer.send(producerRecord, (metadata, error) -> completed(record, drain, error));
    } catch (RuntimeException e) {
      // Not handed over (no metadata within max.block.ms, producer closed, ...).
      completed(record, drain, e);
    }
  }

  private void completed(OutboundRecord record, LaneDrain drain, Exception error) {
    boolean retrying = drain.completed(record, error);
    if (error == null) {
      health.succeeded();
      listener.acknowledged(record);
      return;
    }
    health.failed(error);
    listener.failed(record, error, retrying);
  }

  /**
   * Stops taking new work from the lanes once they are empty or {@code timeout} passed, then stops
   * their threads. The producer belongs to the caller, who closes it after this.
   */
  public void close(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    if (neverEvict != null) {
      neverEvict.stop(deadline);
    }
    normal.stop(deadline);
  }

  @Override
  public void close() {
    close(Duration.ofSeconds(10));
  }
}
