package io.strata.deviceingest.assemble;

import static io.strata.deviceingest.assemble.ExporterLabels.*;

import io.strata.deviceingest.naming.Naming;
import io.strata.deviceingest.naming.NamingProblem;
import io.strata.deviceingest.parse.MetricLine;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.HealthStatus;
import java.util.HashMap;
import java.util.Map;

/**
 * Collects the lines of one GPU. Identity and owner come from the GPU's first line: when a GPU is
 * shared (the exporter repeats its series once per pod), the first pod in the page is the one
 * reported, and a field's first line is the value taken. A field under both its legacy and its
 * standard name is taken from the standard name; the legacy value stays in other_fields under its
 * exporter name and the page reports the clash.
 */
final class GpuAccumulator {

  private static final int FIELDS = DeviceField.values().length;

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
  // Per DeviceField ordinal: the exporter name its value came from, the value as exported.
  private final String[] fieldSources = new String[FIELDS];
  private final double[] exportedValues = new double[FIELDS];
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
  boolean add(MetricLine line, GpuLabels labels, ResolvedName name, NamingReport.Collector report) {
    if (driverVersion == null) {
      driverVersion = labels.driverVersion();
    }
    double value = line.value();
    if (!Double.isFinite(value)) {
      return false;
    }
    switch (name.role()) {
      case HEALTH -> {
        // One series per health watch: the GPU's health is the worst of them.
        worstHealth = Math.max(worstHealth, (int) value);
        otherFields.merge(line.name(), value, Math::max);
      }
      case XID_COUNT -> addXidCount(line, value);
      case FIELD -> addField(line, name, value, report);
      case OTHER -> otherFields.putIfAbsent(line.name(), value);
    }
    return true;
  }

  private void addField(
      MetricLine line, ResolvedName name, double value, NamingReport.Collector report) {
    if (name.conversion() == null) {
      otherFields.putIfAbsent(line.name(), value);
      return;
    }
    int slot = name.field().ordinal();
    String source = fieldSources[slot];
    if (source == null) {
      take(line, name, value);
    } else if (!source.equals(line.name())) {
      // The same field under its other name: the standard name's value is the one published.
      boolean standardNow = name.naming() == Naming.STANDARD;
      String legacy = standardNow ? source : line.name();
      String standard = standardNow ? line.name() : source;
      report.add(
          line.lineNumber(),
          NamingProblem.SAME_FIELD_UNDER_BOTH_NAMES,
          legacy + " and " + standard + " for one GPU: " + standard + " is read");
      if (standardNow) {
        otherFields.putIfAbsent(source, exportedValues[slot]);
        take(line, name, value);
      } else {
        otherFields.putIfAbsent(line.name(), value);
      }
    }
  }

  private void take(MetricLine line, ResolvedName name, double exported) {
    int slot = name.field().ordinal();
    double value = name.conversion().apply(line);
    fieldSources[slot] = line.name();
    exportedValues[slot] = exported;
    fields.put(name.field().key(), value);
    if (name.isLastXid()) {
      lastXid = (int) value;
    }
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
