package io.strata.deviceingest.assemble;

import static io.strata.deviceingest.assemble.ExporterLabels.*;

import io.strata.deviceingest.naming.FieldName;
import io.strata.deviceingest.naming.FieldNames;
import io.strata.deviceingest.naming.Naming;
import io.strata.deviceingest.parse.MetricLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the assembler needs from a line's labels, worked out once per label set: the parser keeps a
 * target's label sets from scrape to scrape and hands this back as the set's note, so the lines of
 * a GPU (every field, every scrape) do not search their labels again.
 *
 * @param uuid the GPU's UUID (UUID, else the legacy uuid), null when the line has none
 * @param key the GPU or MIG instance the line belongs to: the UUID, or UUID#GPU_I_ID
 * @param dcgmLabels the DCGM_* names among the labels (label-type fields such as the driver
 *     version), each making that field present, renamed fields under their legacy name
 * @param driverVersion the driver version label's value (DCGM_FI_SYSTEM_DRIVER_VERSION, else
 *     DCGM_FI_DRIVER_VERSION), null when absent or empty
 * @param legacyLabels whether a label of the naming table has its legacy name
 * @param standardLabels whether a label of the naming table has its standard name
 * @param sameLabelBothNames names a label field present under both names on this set, else null
 */
record GpuLabels(
    String uuid,
    String key,
    List<String> dcgmLabels,
    String driverVersion,
    boolean legacyLabels,
    boolean standardLabels,
    String sameLabelBothNames) {

  private static final GpuLabels NO_GPU =
      new GpuLabels(null, null, List.of(), null, false, false, null);

  static GpuLabels of(MetricLine line) {
    Object note = line.labelSetNote();
    if (note instanceof GpuLabels known) {
      return known;
    }
    GpuLabels labels = read(line, FieldNames.shipped());
    line.noteOnLabelSet(labels);
    return labels;
  }

  private static GpuLabels read(MetricLine line, FieldNames names) {
    String uuid = line.label(UUID);
    if (uuid == null || uuid.isEmpty()) {
      uuid = line.label(UUID_LEGACY);
    }
    if (uuid == null || uuid.isEmpty()) {
      return NO_GPU;
    }
    List<String> dcgm = new ArrayList<>();
    Map<String, FieldName> byField = new HashMap<>();
    String bothNames = null;
    boolean legacy = false;
    boolean standard = false;
    String driver = null;
    for (int i = 0; i < line.labelCount(); i++) {
      String name = line.labelName(i);
      if (!name.startsWith(FIELD_PREFIX)) {
        continue;
      }
      FieldName entry = names.find(name);
      if (entry == null) {
        dcgm.add(name);
        continue;
      }
      legacy |= entry.naming() == Naming.LEGACY;
      standard |= entry.naming() == Naming.STANDARD;
      FieldName other = byField.putIfAbsent(entry.canonicalName(), entry);
      if (other == null) {
        dcgm.add(entry.canonicalName());
      } else if (other.naming() != entry.naming()) {
        bothNames =
            other.exporterName() + " and " + name + " on one line: the standard one is read";
      }
      String value = line.labelValue(i);
      boolean preferred = driver == null || entry.naming() == Naming.STANDARD;
      if (entry.canonicalName().equals(DRIVER_VERSION) && !value.isEmpty() && preferred) {
        driver = value;
      }
    }
    String migInstance = line.label(MIG_INSTANCE);
    String key = migInstance == null || migInstance.isEmpty() ? uuid : uuid + "#" + migInstance;
    return new GpuLabels(uuid, key, List.copyOf(dcgm), driver, legacy, standard, bothNames);
  }
}
