package io.strata.simulator.model;

/**
 * DCGM health watches the simulated exporter reports (DCGM_EXP_GPU_HEALTH_STATUS health_watch
 * label), and the dcgmHealthWatchResult values.
 */
public enum HealthWatch {
  PCIE,
  MEM,
  SM,
  THERMAL,
  POWER,
  ALL;

  public static final int PASS = 0;
  public static final int WARN = 10;
  public static final int FAIL = 20;

  /** The result of one watch and its DCGM_FR_* code. */
  public record Result(int value, String errorCode) {
    public static final Result OK = new Result(PASS, "DCGM_FR_OK");
  }
}
