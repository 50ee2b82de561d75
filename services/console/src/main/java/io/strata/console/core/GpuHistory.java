package io.strata.console.core;

import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The last samples of one GPU as primitive rings (10,000 GPUs × 120 samples stay around 30 MB):
 * temperature, power, utilisation, the sticky last XID and health.
 */
final class GpuHistory {

  /** One sample as the sparklines and the timeline read it; NaN where the sample had no value. */
  record Point(
      Instant at,
      double temperature,
      double power,
      double utilisation,
      int xid,
      HealthStatus health) {}

  private static final HealthStatus[] HEALTH = HealthStatus.values();

  private final long[] at;
  private final float[] temperature;
  private final float[] power;
  private final float[] utilisation;
  private final int[] xid;
  private final byte[] health;
  private int next;
  private int size;
  private String target;

  GpuHistory(int capacity) {
    at = new long[capacity];
    temperature = new float[capacity];
    power = new float[capacity];
    utilisation = new float[capacity];
    xid = new int[capacity];
    health = new byte[capacity];
  }

  void add(DeviceSample sample) {
    target = sample.target();
    Instant scraped = sample.scrapedAt() == null ? Instant.EPOCH : sample.scrapedAt();
    at[next] = scraped.toEpochMilli();
    temperature[next] = value(sample.field(DeviceField.GPU_TEMP));
    power[next] = value(sample.field(DeviceField.POWER_USAGE));
    utilisation[next] = value(sample.field(DeviceField.GPU_UTIL));
    xid[next] = sample.lastXid() == null ? 0 : sample.lastXid();
    health[next] = (byte) sample.health().ordinal();
    next = (next + 1) % at.length;
    size = Math.min(size + 1, at.length);
  }

  /** The DCGM exporter target of the newest sample. */
  String target() {
    return target;
  }

  /** Health of the newest sample. */
  HealthStatus health() {
    return size == 0
        ? HealthStatus.UNSPECIFIED
        : HEALTH[health[(next - 1 + at.length) % at.length]];
  }

  private static float value(Double v) {
    return v == null ? Float.NaN : v.floatValue();
  }

  /** The kept samples between {@code from} and {@code to} (inclusive), oldest first. */
  List<Point> between(Instant from, Instant to) {
    List<Point> points = new ArrayList<>(size);
    int start = (next - size + at.length) % at.length;
    for (int i = 0; i < size; i++) {
      int slot = (start + i) % at.length;
      long t = at[slot];
      if (t >= from.toEpochMilli() && t <= to.toEpochMilli()) {
        points.add(
            new Point(
                Instant.ofEpochMilli(t),
                temperature[slot],
                power[slot],
                utilisation[slot],
                xid[slot],
                HEALTH[health[slot]]));
      }
    }
    return points;
  }
}
