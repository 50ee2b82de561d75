package io.strata.deviceingest.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes dcgm-exporter /metrics pages in the exporter's own layout (HELP/TYPE per field, one line
 * per GPU, label order of render_metrics.go), for tests and the parser benchmark.
 */
public final class DcgmPageWriter {

  /** The device fields of the exporter's default counters (etc/default-counters.csv). */
  public static final List<String> DEFAULT_FIELDS =
      List.of(
          "DCGM_FI_DEV_SM_CLOCK",
          "DCGM_FI_DEV_MEM_CLOCK",
          "DCGM_FI_DEV_MEMORY_TEMP",
          "DCGM_FI_DEV_GPU_TEMP",
          "DCGM_FI_DEV_POWER_USAGE",
          "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
          "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
          "DCGM_FI_DEV_GPU_UTIL",
          "DCGM_FI_DEV_MEM_COPY_UTIL",
          "DCGM_FI_DEV_ENC_UTIL",
          "DCGM_FI_DEV_DEC_UTIL",
          "DCGM_FI_DEV_XID_ERRORS",
          "DCGM_FI_DEV_FB_FREE",
          "DCGM_FI_DEV_FB_USED",
          "DCGM_FI_DEV_FB_RESERVED",
          "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL",
          "DCGM_FI_DEV_VGPU_LICENSE_STATUS",
          "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
          "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
          "DCGM_FI_DEV_ROW_REMAP_FAILURE");

  /** The DCP (profiling) fields, enabled by both default-counters.csv and dcp-metrics-included. */
  public static final List<String> DCP_FIELDS =
      List.of(
          "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
          "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
          "DCGM_FI_PROF_DRAM_ACTIVE",
          "DCGM_FI_PROF_PCIE_TX_BYTES",
          "DCGM_FI_PROF_PCIE_RX_BYTES");

  /** One GPU and the labels the exporter appends after the device labels (pod, DRA, ...). */
  public record Gpu(int index, String uuid, String pciBusId, Map<String, String> extraLabels) {}

  private final String hostname;
  private final String modelName;
  private final String driverVersion;
  private final List<Gpu> gpus = new ArrayList<>();
  private final List<String> fields = new ArrayList<>();
  private final Map<String, Double> values = new HashMap<>();
  private final Map<String, Integer> lastXid = new HashMap<>();

  public DcgmPageWriter(String hostname, String modelName, String driverVersion) {
    this.hostname = hostname;
    this.modelName = modelName;
    this.driverVersion = driverVersion;
  }

  public DcgmPageWriter gpu(int index, String uuid, Map<String, String> extraLabels) {
    gpus.add(
        new Gpu(
            index,
            uuid,
            String.format("00000000:%02X:00.0", 0x18 + index * 16),
            new LinkedHashMap<>(extraLabels)));
    return this;
  }

  public DcgmPageWriter fields(List<String> names) {
    fields.addAll(names);
    return this;
  }

  public DcgmPageWriter value(String uuid, String field, double value) {
    values.put(uuid + "|" + field, value);
    return this;
  }

  public DcgmPageWriter lastXid(String uuid, int xid) {
    lastXid.put(uuid, xid);
    return this;
  }

  /** The default value of a field on a GPU: distinct per field and GPU, so mix-ups show. */
  public static double defaultValue(int gpuIndex, int fieldIndex) {
    return 100 * (fieldIndex + 1) + gpuIndex;
  }

  public String write() {
    StringBuilder page = new StringBuilder(64 * 1024);
    for (int f = 0; f < fields.size(); f++) {
      String field = fields.get(f);
      page.append("# HELP ").append(field).append(" Help text of ").append(field).append(".\n");
      page.append("# TYPE ").append(field).append(" gauge\n");
      for (Gpu gpu : gpus) {
        page.append(field).append('{');
        label(page, "gpu", Integer.toString(gpu.index())).append(',');
        label(page, "UUID", gpu.uuid()).append(',');
        label(page, "pci_bus_id", gpu.pciBusId()).append(',');
        label(page, "device", "nvidia" + gpu.index()).append(',');
        label(page, "modelName", modelName).append(',');
        label(page, "Hostname", hostname).append(',');
        label(page, "DCGM_FI_DRIVER_VERSION", driverVersion);
        double value;
        if (field.equals("DCGM_FI_DEV_XID_ERRORS")) {
          int xid = lastXid.getOrDefault(gpu.uuid(), 0);
          page.append(',');
          label(page, "err_code", Integer.toString(xid)).append(',');
          label(page, "err_msg", xid == 0 ? "No Error" : "GPU has fallen off the bus");
          value = xid;
        } else {
          value = values.getOrDefault(gpu.uuid() + "|" + field, defaultValue(gpu.index(), f));
        }
        gpu.extraLabels().forEach((k, v) -> label(page.append(','), k, v));
        page.append("} ");
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
          page.append((long) value);
        } else {
          page.append(value);
        }
        page.append('\n');
      }
    }
    return page.toString();
  }

  private static StringBuilder label(StringBuilder page, String name, String value) {
    return page.append(name)
        .append("=\"")
        .append(value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"))
        .append('"');
  }

  /** The realistic benchmark page: 8 H100s with pods, default and DCP fields. */
  public static String eightGpuPage() {
    DcgmPageWriter writer =
        new DcgmPageWriter("gpu-node-17", "NVIDIA H100 80GB HBM3", "550.144.03");
    for (int i = 0; i < 8; i++) {
      writer.gpu(
          i,
          String.format("GPU-%08x-7715-3560-dcea-7238b9611a%02d", 0xa4f34abc + i, i),
          Map.of(
              "container",
              "vllm",
              "namespace",
              "inference",
              "pod",
              "llama-70b-predictor-7f9c8d6b5-x" + i));
    }
    return writer.fields(DEFAULT_FIELDS).fields(DCP_FIELDS).write();
  }
}
