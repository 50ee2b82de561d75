package io.strata.deviceingest.kafka;

import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidSource;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.time.Instant;
import java.util.Map;

/** Samples and XID events of GPU {@code g<n>} on node {@code node-<n % 7>} of cluster c1. */
final class PublishTestEvents {

  static final String CLUSTER = "c1";

  private PublishTestEvents() {}

  static String node(int n) {
    return "node-" + (n % 7);
  }

  static String key(int n) {
    return Keys.gpu(CLUSTER, node(n), "GPU-" + n);
  }

  static OutgoingEvent<DeviceSample> sample(int n) {
    DeviceSample sample =
        new DeviceSample(
            CLUSTER,
            node(n),
            "GPU-" + n,
            "0",
            null,
            "nvidia0",
            "H100",
            null,
            null,
            null,
            null,
            null,
            Map.of("gpu_temp_celsius", (double) n),
            Map.of(),
            0,
            "http://t/metrics",
            Instant.EPOCH);
    return new OutgoingEvent<>(Topics.DEVICE_SAMPLES, key(n), sample, "s-" + n, Instant.EPOCH);
  }

  static OutgoingEvent<XidEvent> xid(int n) {
    XidEvent xid =
        new XidEvent(
            "x-" + n,
            CLUSTER,
            node(n),
            "GPU-" + n,
            "0",
            79,
            "GPU_HAS_FALLEN_OFF_THE_BUS",
            null,
            null,
            null,
            XidSource.LAST_XID_GAUGE,
            1,
            null,
            "http://t/metrics",
            Instant.EPOCH);
    return new OutgoingEvent<>(Topics.DEVICE_XIDS, key(n), xid, xid.eventId(), Instant.EPOCH);
  }
}
