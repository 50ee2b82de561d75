package io.strata.simulator.dcgm;

/**
 * The metric and label names one exporter prints. dcgm-exporter 4.9 renamed its default fields to
 * the DCGM 4.7 names of the DCGM Field Naming Standard, eleven of them in new units, and 4.10
 * renamed the PCIe profiling rates; a fleet upgrading node by node serves both at once.
 */
public enum DcgmNaming {
  /** dcgm-exporter up to 4.8.x: DCGM_FI_DEV_GPU_TEMP, MHz clocks, percent utilisation. */
  LEGACY,
  /** dcgm-exporter 4.10: DCGM_FI_DEV_GPU_TEMP_CELSIUS, hertz, 0..1 ratios, bytes, joules. */
  STANDARD
}
