package io.strata.deviceingest.testing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Rewrites a legacy-named dcgm-exporter page as dcgm-exporter 4.9 / 4.10 print it: DCGM Field
 * Naming Standard names, values in the new units (computed in decimal, as the exporter prints
 * them), HELP units to match, {@code DCGM_FI_SYSTEM_DRIVER_VERSION} and {@code hostname} labels.
 * Its own list of the renames (names from DCGM's v4.6.0 header, go-dcgm and DCGM 4.7's field
 * identifiers, as in src/test/resources/reference), so the service's table is checked against it,
 * not with it.
 */
public final class StandardNamingPages {

  private record Rename(String name, UnaryOperator<BigDecimal> value, String from, String to) {}

  private static final UnaryOperator<BigDecimal> SAME = v -> v;
  private static final BigDecimal MEBIBYTE = BigDecimal.valueOf(1L << 20);

  private static Rename same(String name) {
    return new Rename(name, SAME, null, null);
  }

  private static Rename ratio(String name) {
    return new Rename(name, v -> v.movePointLeft(2), "(in %)", "(a ratio)");
  }

  private static Rename mebibytes(String name) {
    return new Rename(name, v -> v.multiply(MEBIBYTE), "(in MiB)", "(in B)");
  }

  private static final Map<String, Rename> RENAMES =
      Map.ofEntries(
          Map.entry(
              "DCGM_FI_DEV_SM_CLOCK",
              new Rename(
                  "DCGM_FI_DEV_SM_CLOCK_HERTZ", v -> v.movePointRight(6), "(in MHz)", "(in Hz)")),
          Map.entry(
              "DCGM_FI_DEV_MEM_CLOCK",
              new Rename(
                  "DCGM_FI_DEV_MEMORY_CLOCK_HERTZ",
                  v -> v.movePointRight(6),
                  "(in MHz)",
                  "(in Hz)")),
          Map.entry("DCGM_FI_DEV_MEMORY_TEMP", same("DCGM_FI_DEV_MEMORY_TEMP_CELSIUS")),
          Map.entry("DCGM_FI_DEV_GPU_TEMP", same("DCGM_FI_DEV_GPU_TEMP_CELSIUS")),
          Map.entry("DCGM_FI_DEV_POWER_USAGE", same("DCGM_FI_DEV_BOARD_POWER_WATTS")),
          Map.entry(
              "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
              new Rename(
                  "DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL",
                  v -> v.movePointLeft(3),
                  "(in mJ)",
                  "(in J)")),
          Map.entry("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", same("DCGM_FI_DEV_PCIE_REPLAY_TOTAL")),
          Map.entry("DCGM_FI_DEV_GPU_UTIL", ratio("DCGM_FI_DEV_GPU_UTIL_RATIO")),
          Map.entry("DCGM_FI_DEV_MEM_COPY_UTIL", ratio("DCGM_FI_DEV_MEMORY_UTIL_RATIO")),
          Map.entry("DCGM_FI_DEV_ENC_UTIL", ratio("DCGM_FI_DEV_ENC_UTIL_RATIO")),
          Map.entry("DCGM_FI_DEV_DEC_UTIL", ratio("DCGM_FI_DEV_DEC_UTIL_RATIO")),
          Map.entry("DCGM_FI_DEV_XID_ERRORS", same("DCGM_FI_DEV_XID_ERROR")),
          Map.entry("DCGM_FI_DEV_FB_FREE", mebibytes("DCGM_FI_DEV_FB_FREE_BYTES")),
          Map.entry("DCGM_FI_DEV_FB_USED", mebibytes("DCGM_FI_DEV_FB_USED_BYTES")),
          Map.entry("DCGM_FI_DEV_FB_RESERVED", mebibytes("DCGM_FI_DEV_FB_RESERVED_BYTES")),
          // DCGM 4.6's alias of the same field 449; 4.7's _BYTES_PER_SECOND twin has no contract
          // unit.
          Map.entry(
              "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", same("DCGM_FI_DEV_NVLINK_THROUGHPUT_TOTAL")),
          Map.entry(
              "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
              same("DCGM_FI_DEV_ROW_REMAP_UNCORRECTABLE_TOTAL")),
          Map.entry(
              "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
              same("DCGM_FI_DEV_ROW_REMAP_CORRECTABLE_TOTAL")),
          Map.entry("DCGM_FI_DEV_ROW_REMAP_FAILURE", same("DCGM_FI_DEV_ROW_REMAP_FAILED")),
          Map.entry(
              "DCGM_FI_DEV_POWER_VIOLATION",
              new Rename(
                  "DCGM_FI_DEV_GPU_POWER_THROTTLE_SECONDS_TOTAL",
                  v -> v.movePointLeft(6),
                  "(in us)",
                  "(in s)")),
          Map.entry("DCGM_FI_PROF_GR_ENGINE_ACTIVE", same("DCGM_FI_PROF_GR_ENGINE_UTIL_RATIO")),
          Map.entry("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", same("DCGM_FI_PROF_TENSOR_UTIL_RATIO")),
          Map.entry("DCGM_FI_PROF_DRAM_ACTIVE", same("DCGM_FI_PROF_DRAM_UTIL_RATIO")),
          Map.entry("DCGM_FI_PROF_PCIE_TX_BYTES", same("DCGM_FI_PROF_PCIE_TX_BYTES_PER_SECOND")),
          Map.entry("DCGM_FI_PROF_PCIE_RX_BYTES", same("DCGM_FI_PROF_PCIE_RX_BYTES_PER_SECOND")));

  private static final Map<String, String> LABELS =
      Map.of(
          "Hostname=\"", "hostname=\"",
          "DCGM_FI_DRIVER_VERSION=\"", "DCGM_FI_SYSTEM_DRIVER_VERSION=\"");

  private StandardNamingPages() {}

  /** The same page in the new naming, line for line. */
  public static String translate(String legacyPage) {
    List<String> out = new ArrayList<>();
    for (String line : legacyPage.split("\n", -1)) {
      out.add(translateLine(line));
    }
    return String.join("\n", out);
  }

  /** The standard name a legacy name is printed under (itself when not renamed). */
  public static String standardName(String legacyName) {
    Rename rename = RENAMES.get(legacyName);
    return rename == null ? legacyName : rename.name();
  }

  private static String translateLine(String line) {
    if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) {
      String[] parts = line.split(" ", 4);
      Rename rename = RENAMES.get(parts[2]);
      if (rename == null) {
        return line;
      }
      String rest = parts.length > 3 ? parts[3] : "";
      if (rename.from() != null) {
        rest = rest.replace(rename.from(), rename.to());
      }
      return parts[0] + " " + parts[1] + " " + rename.name() + " " + rest;
    }
    if (line.isEmpty() || line.startsWith("#")) {
      return line;
    }
    int labelsEnd = line.lastIndexOf('}');
    int nameEnd = line.indexOf('{');
    String name = line.substring(0, nameEnd);
    String labels = line.substring(nameEnd, labelsEnd + 1);
    String[] valueAndRest = line.substring(labelsEnd + 1).strip().split(" ", 2);
    for (Map.Entry<String, String> label : LABELS.entrySet()) {
      labels = labels.replace(label.getKey(), label.getValue());
    }
    Rename rename = RENAMES.get(name);
    String value = valueAndRest[0];
    if (rename != null) {
      name = rename.name();
      value = rename.value().apply(new BigDecimal(value)).stripTrailingZeros().toPlainString();
    }
    return name + labels + " " + value + (valueAndRest.length > 1 ? " " + valueAndRest[1] : "");
  }
}
