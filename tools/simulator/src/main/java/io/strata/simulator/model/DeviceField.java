package io.strata.simulator.model;

/**
 * The numeric DCGM fields the simulated exporter publishes per GPU: dcgm-exporter's default
 * counters plus the DCP (profiling) fields of its dcp-metrics-included.csv, with the metric type
 * and HELP text of those files.
 */
public enum DeviceField {
  SM_CLOCK("DCGM_FI_DEV_SM_CLOCK", "gauge", "SM clock frequency (in MHz).", false),
  MEM_CLOCK("DCGM_FI_DEV_MEM_CLOCK", "gauge", "Memory clock frequency (in MHz).", false),
  MEMORY_TEMP("DCGM_FI_DEV_MEMORY_TEMP", "gauge", "Memory temperature (in C).", false),
  GPU_TEMP("DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C).", false),
  POWER_USAGE("DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W).", false),
  TOTAL_ENERGY_CONSUMPTION(
      "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
      "counter",
      "Total energy consumption since boot (in mJ).",
      false),
  PCIE_REPLAY_COUNTER(
      "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "counter", "Total number of PCIe retries.", false),
  GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %).", false),
  MEM_COPY_UTIL("DCGM_FI_DEV_MEM_COPY_UTIL", "gauge", "Memory utilization (in %).", false),
  ENC_UTIL("DCGM_FI_DEV_ENC_UTIL", "gauge", "Encoder utilization (in %).", false),
  DEC_UTIL("DCGM_FI_DEV_DEC_UTIL", "gauge", "Decoder utilization (in %).", false),
  XID_ERRORS("DCGM_FI_DEV_XID_ERRORS", "gauge", "Value of the last XID error encountered.", false),
  FB_FREE("DCGM_FI_DEV_FB_FREE", "gauge", "Framebuffer memory free (in MiB).", false),
  FB_USED("DCGM_FI_DEV_FB_USED", "gauge", "Framebuffer memory used (in MiB).", false),
  FB_RESERVED("DCGM_FI_DEV_FB_RESERVED", "gauge", "Framebuffer memory reserved (in MiB).", false),
  NVLINK_BANDWIDTH_TOTAL(
      "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL",
      "counter",
      "Total number of NVLink bandwidth counters for all lanes.",
      false),
  VGPU_LICENSE_STATUS("DCGM_FI_DEV_VGPU_LICENSE_STATUS", "gauge", "vGPU License status", false),
  UNCORRECTABLE_REMAPPED_ROWS(
      "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
      "counter",
      "Number of remapped rows for uncorrectable errors",
      false),
  CORRECTABLE_REMAPPED_ROWS(
      "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
      "counter",
      "Number of remapped rows for correctable errors",
      false),
  ROW_REMAP_FAILURE(
      "DCGM_FI_DEV_ROW_REMAP_FAILURE", "gauge", "Whether remapping of rows has failed", false),
  GR_ENGINE_ACTIVE(
      "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
      "gauge",
      "Ratio of time the graphics engine is active.",
      true),
  PIPE_TENSOR_ACTIVE(
      "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
      "gauge",
      "Ratio of cycles the tensor (HMMA) pipe is active.",
      true),
  DRAM_ACTIVE(
      "DCGM_FI_PROF_DRAM_ACTIVE",
      "gauge",
      "Ratio of cycles the device memory interface is active sending or receiving data.",
      true),
  PCIE_TX_BYTES(
      "DCGM_FI_PROF_PCIE_TX_BYTES",
      "gauge",
      "The rate of data transmitted over the PCIe bus - including both protocol headers and data"
          + " payloads - in bytes per second.",
      true),
  PCIE_RX_BYTES(
      "DCGM_FI_PROF_PCIE_RX_BYTES",
      "gauge",
      "The rate of data received over the PCIe bus - including both protocol headers and data"
          + " payloads - in bytes per second.",
      true);

  private final String metric;
  private final String type;
  private final String help;
  private final boolean profiling;

  DeviceField(String metric, String type, String help, boolean profiling) {
    this.metric = metric;
    this.type = type;
    this.help = help;
    this.profiling = profiling;
  }

  /** The Prometheus metric name (the DCGM field name). */
  public String metric() {
    return metric;
  }

  public String type() {
    return type;
  }

  public String help() {
    return help;
  }

  /** DCP fields are ratios or rates with a fractional part; the rest are integers. */
  public boolean profiling() {
    return profiling;
  }
}
