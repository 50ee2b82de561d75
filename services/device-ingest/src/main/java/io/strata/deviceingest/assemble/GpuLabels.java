package io.strata.deviceingest.assemble;

import static io.strata.deviceingest.assemble.ExporterLabels.*;

import io.strata.deviceingest.parse.MetricLine;
import java.util.ArrayList;
import java.util.List;

/**
 * What the assembler needs from a line's labels, worked out once per label set: the parser keeps a
 * target's label sets from scrape to scrape and hands this back as the set's note, so the lines of
 * a GPU (every field, every scrape) do not search their labels again.
 *
 * @param uuid the GPU's UUID (UUID, else the legacy uuid), null when the line has none
 * @param key the GPU or MIG instance the line belongs to: the UUID, or UUID#GPU_I_ID
 * @param dcgmLabels the DCGM_* names among the labels (label-type fields such as
 *     DCGM_FI_DRIVER_VERSION), each making that field present
 */
record GpuLabels(String uuid, String key, List<String> dcgmLabels) {

  static GpuLabels of(MetricLine line) {
    Object note = line.labelSetNote();
    if (note instanceof GpuLabels known) {
      return known;
    }
    GpuLabels labels = read(line);
    line.noteOnLabelSet(labels);
    return labels;
  }

  private static GpuLabels read(MetricLine line) {
    String uuid = line.label(UUID);
    if (uuid == null || uuid.isEmpty()) {
      uuid = line.label(UUID_LEGACY);
    }
    if (uuid == null || uuid.isEmpty()) {
      return new GpuLabels(null, null, List.of());
    }
    List<String> dcgm = new ArrayList<>();
    for (int i = 0; i < line.labelCount(); i++) {
      if (line.labelName(i).startsWith(FIELD_PREFIX)) {
        dcgm.add(line.labelName(i));
      }
    }
    String migInstance = line.label(MIG_INSTANCE);
    String key = migInstance == null || migInstance.isEmpty() ? uuid : uuid + "#" + migInstance;
    return new GpuLabels(uuid, key, List.copyOf(dcgm));
  }
}
