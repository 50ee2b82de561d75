package io.strata.deviceingest.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.topic.Topics;
import io.strata.kafka.publish.BoundedPublisher;
import io.strata.kafka.publish.Lane;
import io.strata.kafka.publish.OutboundRecord;
import io.strata.kafka.publish.PublishListener;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.jboss.logging.Logger;

/**
 * device-ingest's reactions to its publisher's outcomes: per-lane meters ({@code lane=samples} is
 * the library's normal, drop-oldest lane; {@code lane=events} its never-evict lane), a loud log
 * when records are lost, and whether a lane is dropping (readiness).
 */
final class PublishMeters implements PublishListener {

  private static final Logger LOG = Logger.getLogger(PublishMeters.class);

  /** One lane's counters. */
  private record LaneCounters(
      String name, Counter sent, Counter failed, Counter dropped, Counter resent) {}

  private final LaneCounters samples;
  private final LaneCounters events;
  private final AtomicLong droppedEvents = new AtomicLong();
  private final AtomicBoolean dropping = new AtomicBoolean();
  private final IntSupplier samplesRoom;

  /**
   * @param samplesRoom free places in the samples lane: dropping ends once there is room again
   */
  PublishMeters(MeterRegistry registry, IntSupplier samplesRoom) {
    this.samples = counters(registry, "samples");
    this.events = counters(registry, "events");
    this.samplesRoom = samplesRoom;
  }

  /** The per-lane gauges, once the publisher exists. */
  static void bindGauges(MeterRegistry registry, BoundedPublisher publisher) {
    for (Lane lane : new Lane[] {Lane.NORMAL, Lane.NEVER_EVICT}) {
      String name = lane == Lane.NORMAL ? "samples" : "events";
      Gauge.builder("strata.device.ingest.publish.buffered", () -> publisher.pending(lane))
          .tag("lane", name)
          .description("Records waiting in the lane's buffer")
          .strongReference(true)
          .register(registry);
      Gauge.builder(
              "strata.device.ingest.publish.unacknowledged", () -> publisher.unacknowledged(lane))
          .tag("lane", name)
          .description("Records handed to the producer and not yet acknowledged")
          .strongReference(true)
          .register(registry);
    }
  }

  private static LaneCounters counters(MeterRegistry registry, String lane) {
    return new LaneCounters(
        lane,
        Counter.builder("strata.device.ingest.publish.sent")
            .tag("lane", lane)
            .description("Records acknowledged by Kafka")
            .register(registry),
        Counter.builder("strata.device.ingest.publish.failed")
            .tag("lane", lane)
            .description("Sends Kafka did not acknowledge in time")
            .register(registry),
        Counter.builder("strata.device.ingest.publish.dropped")
            .tag("lane", lane)
            .description(
                "Records dropped: oldest evicted (samples) or refused at the safety cap or"
                    + " undeliverable (events)")
            .register(registry),
        Counter.builder("strata.device.ingest.publish.resent")
            .tag("lane", lane)
            .description("Records sent again after a failed delivery")
            .register(registry));
  }

  /** The lane a record travels: samples are the only best-effort records. */
  static Lane laneOf(String topic) {
    return Topics.DEVICE_SAMPLES.name().equals(topic) ? Lane.NORMAL : Lane.NEVER_EVICT;
  }

  private LaneCounters of(OutboundRecord record) {
    return laneOf(record.topic()) == Lane.NORMAL ? samples : events;
  }

  @Override
  public void acknowledged(OutboundRecord record) {
    of(record).sent().increment();
    if (samplesRoom.getAsInt() > 0 && dropping.compareAndSet(true, false)) {
      LOG.infof("samples lane has room again (%.0f dropped so far)", samples.dropped().count());
    }
  }

  @Override
  public void failed(OutboundRecord record, Exception error, boolean retrying) {
    LaneCounters lane = of(record);
    lane.failed().increment();
    if (retrying) {
      lane.resent().increment();
    } else if (lane == events) {
      LOG.errorf(
          error, "an XID event or finding can never be delivered; dropping %s", record.key());
      lostEvent();
    }
  }

  @Override
  public void dropped(OutboundRecord record) {
    samples.dropped().increment();
    if (dropping.compareAndSet(false, true)) {
      LOG.warn("samples lane full: Kafka unavailable or slow, dropping the oldest samples");
    }
  }

  @Override
  public void refused(OutboundRecord record) {
    LOG.errorf(
        "events lane LOSES %s: its safety cap is reached (Kafka down for long?)", record.key());
    lostEvent();
  }

  private void lostEvent() {
    events.dropped().increment();
    droppedEvents.incrementAndGet();
    dropping.set(true);
  }

  /** True while the samples lane is dropping, or since an event was lost. */
  boolean dropping() {
    return dropping.get();
  }

  long droppedEvents() {
    return droppedEvents.get();
  }
}
