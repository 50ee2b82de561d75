package io.strata.simulator.model;

import java.util.EnumMap;
import java.util.Map;

/**
 * What the exporter reads from one GPU at one instant: field values (absent = not exported), health
 * per watch, and the pod attribution the exporter would stamp on the lines.
 *
 * @param attribution the pod the exporter labels the GPU with (its view, which a scenario can make
 *     disagree with the Kubernetes API), or null
 */
public record GpuReading(
    Gpu gpu, double[] values, Map<HealthWatch, HealthWatch.Result> health, Pod attribution) {

  /** NaN marks a field the exporter does not publish. */
  public boolean has(DeviceField field) {
    return !Double.isNaN(values[field.ordinal()]);
  }

  public double value(DeviceField field) {
    return values[field.ordinal()];
  }

  static Map<HealthWatch, HealthWatch.Result> allPass() {
    Map<HealthWatch, HealthWatch.Result> health = new EnumMap<>(HealthWatch.class);
    for (HealthWatch watch : HealthWatch.values()) {
      health.put(watch, HealthWatch.Result.OK);
    }
    return health;
  }
}
