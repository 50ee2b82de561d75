package io.strata.deviceingest.naming;

/** The DCGM naming a field name belongs to. */
public enum Naming {
  /** The names up to DCGM 4.5 and dcgm-exporter 4.8 ({@code DCGM_FI_DEV_GPU_TEMP}). */
  LEGACY,
  /**
   * The DCGM Field Naming Standard (DCGM 4.6+, printed by dcgm-exporter 4.9 / 4.10): the unit in
   * the name ({@code DCGM_FI_DEV_GPU_TEMP_CELSIUS}).
   */
  STANDARD
}
