package io.strata.correlatorbench;

import static io.strata.correlatorbench.FleetShape.CLUSTER;
import static io.strata.correlatorbench.FleetShape.NAMESPACE;

import io.strata.correlatorbench.FleetShape.Pod;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Device samples and XIDs as device-ingest publishes them from a dcgm-exporter page (its
 * ScrapeProcessor; the field set is the exporter's default counters plus DCP fields, see
 * etc/default-counters.csv). Owner labels are the exporter's pod mapping; a DRA GPU also carries
 * the dra_* labels.
 */
final class DeviceRecords {

  static final String MODEL_NAME = "NVIDIA H100 80GB HBM3";
  static final String DRIVER = "550.54.15";

  private DeviceRecords() {}

  static String target(String node) {
    return "http://" + node + ":9400/metrics";
  }

  /** The exporter's pod labels; a DRA GPU also carries the dra_* labels of its claim. */
  static DeviceOwner owner(Pod pod, int slot, boolean dra) {
    return new DeviceOwner(
        NAMESPACE,
        pod.name(),
        KubernetesRecords.CONTAINER,
        null,
        null,
        dra ? NAMESPACE : null,
        dra ? KubernetesRecords.claimName(pod) : null,
        dra ? KubernetesRecords.DRA_DRIVER : null,
        dra ? pod.node() : null,
        dra ? KubernetesRecords.draDevice(pod, slot) : null,
        null,
        null);
  }

  /**
   * One healthy scrape of one GPU of a pod: busy, cool, full clocks, no throttling, no XID.
   *
   * @param wobble 0..1, varies utilisation and power a little between samples
   */
  static DeviceSample sample(
      Pod pod, int slot, boolean dra, HealthStatus health, double wobble, Instant at) {
    Map<String, Double> fields = new HashMap<>();
    put(fields, DeviceField.GPU_UTIL, 85 + 10 * wobble);
    put(fields, DeviceField.MEM_COPY_UTIL, 40 + 10 * wobble);
    put(fields, DeviceField.GPU_TEMP, 62 + 4 * wobble);
    put(fields, DeviceField.MEMORY_TEMP, 58 + 4 * wobble);
    put(fields, DeviceField.POWER_USAGE, 520 + 80 * wobble);
    put(fields, DeviceField.SM_CLOCK, 1980);
    put(fields, DeviceField.MEM_CLOCK, 2619);
    put(fields, DeviceField.FB_USED, 71_000);
    put(fields, DeviceField.FB_FREE, 10_000);
    put(fields, DeviceField.PCIE_REPLAY_COUNTER, 0);
    put(fields, DeviceField.XID_ERRORS, 0);
    put(fields, DeviceField.THERMAL_VIOLATION, 0);
    put(fields, DeviceField.POWER_VIOLATION, 0);
    put(fields, DeviceField.CLOCKS_EVENT_REASONS, 0);
    put(fields, DeviceField.ECC_DBE_VOL_TOTAL, 0);
    put(fields, DeviceField.PROF_GR_ENGINE_ACTIVE, 0.8 + 0.1 * wobble);
    put(fields, DeviceField.PROF_PIPE_TENSOR_ACTIVE, 0.5 + 0.1 * wobble);
    put(fields, DeviceField.PROF_DRAM_ACTIVE, 0.6 + 0.1 * wobble);
    int index = pod.indexes().get(slot);
    return new DeviceSample(
        CLUSTER,
        pod.node(),
        pod.gpus().get(slot),
        Integer.toString(index),
        String.format("00000000:%02X:00.0", 0x18 + index * 0x10),
        "nvidia" + index,
        MODEL_NAME,
        DRIVER,
        null,
        null,
        owner(pod, slot, dra),
        health,
        fields,
        null,
        0,
        target(pod.node()),
        at);
  }

  /**
   * The XID device-ingest edge-detects from the sticky XID gauge rising; mnemonic and description
   * as its catalog (services/device-ingest/src/main/resources/xid/xid-catalog.csv) names them.
   */
  static XidEvent xid(
      Pod pod, int slot, boolean dra, int xid, XidAction action, String eventId, Instant at) {
    return new XidEvent(
        eventId,
        CLUSTER,
        pod.node(),
        pod.gpus().get(slot),
        Integer.toString(pod.indexes().get(slot)),
        xid,
        "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS",
        "GPU has fallen off the bus",
        action,
        XidOrigin.DEVICE,
        XidSource.XID_ERRORS_COUNT,
        1,
        owner(pod, slot, dra),
        target(pod.node()),
        at);
  }

  private static void put(Map<String, Double> fields, DeviceField field, double value) {
    fields.put(field.key(), value);
  }
}
