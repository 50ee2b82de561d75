package io.strata.deviceingest.assemble;

import static io.strata.deviceingest.assemble.ExporterLabels.*;

import io.strata.deviceingest.parse.MetricLine;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.HealthStatus;
import java.util.HashMap;
import java.util.Map;

/**
 * Collects the lines of one GPU. Identity and owner come from the GPU's first line: when a GPU is
 * shared (the exporter repeats its series once per pod), the first pod in the page is the one
 * reported.
 */
final class GpuAccumulator {

  private final String gpuUuid;
  private final String gpuIndex;
  private final String pciBusId;
  private final String device;
  private final String modelName;
  private final String migProfile;
  private final String migInstanceId;
  private final String hostname;
  private final DeviceOwner owner;
  private final Map<String, Double> fields = new HashMap<>();
  private final Map<String, Double> otherFields = new HashMap<>();
  private final Map<Integer, Long> xidCounts = new HashMap<>();
  private String driverVersion;
  private int worstHealth = -1;
  private Integer lastXid;
  private boolean xidCountsExported;

  GpuAccumulator(String gpuUuid, MetricLine first) {
    this.gpuUuid = gpuUuid;
    this.gpuIndex = nonEmpty(first.label(GPU));
    this.pciBusId = nonEmpty(first.label(PCI_BUS_ID));
    this.device = nonEmpty(first.label(DEVICE));
    this.modelName = nonEmpty(first.label(MODEL_NAME));
    this.migProfile = nonEmpty(first.label(MIG_PROFILE));
    this.migInstanceId = nonEmpty(first.label(MIG_INSTANCE));
    this.hostname = nonEmpty(firstOf(first.label(HOSTNAME), first.label(HOSTNAME_LOWER)));
    this.owner = ownerOf(first);
  }

  /** Returns false when the value was not finite and therefore not kept. */
  boolean add(MetricLine line) {
    if (driverVersion == null) {
      driverVersion = nonEmpty(line.label(DRIVER_VERSION));
    }
    String name = line.name();
    double value = line.value();
    if (!Double.isFinite(value)) {
      return false;
    }
    switch (name) {
      case HEALTH_METRIC -> {
        // One series per health watch: the GPU's health is the worst of them.
        worstHealth = Math.max(worstHealth, (int) value);
        otherFields.merge(name, value, Math::max);
      }
      case XID_COUNT_METRIC -> addXidCount(line, value);
      default -> {
        if (name.equals(LAST_XID_METRIC)) {
          lastXid = (int) value;
        }
        DeviceField known = DeviceField.fromDcgmName(name).orElse(null);
        if (known != null) {
          fields.putIfAbsent(known.key(), value);
        } else {
          otherFields.putIfAbsent(name, value);
        }
      }
    }
    return true;
  }

  private void addXidCount(MetricLine line, double value) {
    xidCountsExported = true;
    otherFields.merge(line.name(), value, Double::sum);
    String xid = line.label(XID);
    if (xid == null || value <= 0) {
      return;
    }
    try {
      xidCounts.merge(Integer.parseInt(xid.trim()), (long) value, Math::max);
    } catch (NumberFormatException notAnXid) {
      otherFields.putIfAbsent(line.name() + "{xid=" + xid + "}", value);
    }
  }

  GpuReading toReading() {
    return new GpuReading(
        gpuUuid,
        gpuIndex,
        pciBusId,
        device,
        modelName,
        driverVersion,
        migProfile,
        migInstanceId,
        hostname,
        owner,
        worstHealth < 0 ? HealthStatus.UNSPECIFIED : HealthStatus.fromDcgmValue(worstHealth),
        fields,
        otherFields,
        lastXid,
        xidCounts,
        xidCountsExported);
  }

  private static DeviceOwner ownerOf(MetricLine line) {
    return new DeviceOwner(
        firstOf(line.label(NAMESPACE), line.label(NAMESPACE_LEGACY)),
        firstOf(line.label(POD), line.label(POD_LEGACY)),
        firstOf(line.label(CONTAINER), line.label(CONTAINER_LEGACY)),
        line.label(POD_UID),
        line.label(VGPU),
        line.label(DRA_CLAIM_NAMESPACE),
        line.label(DRA_CLAIM_NAME),
        line.label(DRA_DRIVER_NAME),
        line.label(DRA_POOL_NAME),
        line.label(DRA_DEVICE_NAME),
        line.label(DRA_MIG_PROFILE),
        line.label(DRA_MIG_DEVICE_UUID));
  }

  private static String nonEmpty(String value) {
    return value == null || value.isEmpty() ? null : value;
  }

  /** The first non-empty value: an empty exporter label means "none". */
  private static String firstOf(String preferred, String fallback) {
    return preferred != null && !preferred.isEmpty() ? preferred : fallback;
  }
}
