package io.strata.correlator.core.state;

import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import java.util.HashMap;
import java.util.Map;

/**
 * What a GPU entry keeps of its samples: only what a later decision reads. The entry is written to
 * the node-gpus changelog once per GPU and commit and decoded on every cache miss, and whole
 * samples (labels, exporter target, every unknown DCGM field, twice) made it 1.75 KB (issue 13).
 * The latest sample is read for its owner labels (an XID's exporter owner), health, known fields
 * (the workload's snapshot and an incident's evidence) and scrape time (silent GPUs); the previous
 * one only for the counters whose rise the anomaly detector looks for.
 */
public final class KeptSamples {

  private KeptSamples() {}

  /** The latest sample as a GPU entry keeps it: identity, owner, health, known fields, time. */
  public static DeviceSample latest(DeviceSample sample) {
    return sample == null ? null : kept(sample, sample.owner(), sample.fields());
  }

  /** The sample before the latest, reduced to the counters the detector compares. */
  public static DeviceSample previous(DeviceSample sample) {
    if (sample == null) {
      return null;
    }
    Map<String, Double> counters = new HashMap<>();
    for (DeviceField counter : DeviceAnomalyDetector.COUNTERS) {
      Double value = sample.field(counter);
      if (value != null) {
        counters.put(counter.key(), value);
      }
    }
    return kept(sample, null, counters);
  }

  // Labels, exporter target, last-XID gauge and unknown fields are dropped: no decision reads them.
  private static DeviceSample kept(
      DeviceSample sample, DeviceOwner owner, Map<String, Double> fields) {
    return new DeviceSample(
        sample.cluster(),
        sample.node(),
        sample.gpuUuid(),
        null,
        null,
        null,
        null,
        null,
        null,
        sample.migInstanceId(),
        owner,
        sample.health(),
        fields,
        null,
        null,
        null,
        sample.scrapedAt());
  }
}
