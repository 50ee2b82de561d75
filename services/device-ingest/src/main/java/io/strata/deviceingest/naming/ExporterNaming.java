package io.strata.deviceingest.naming;

/** Which naming an exporter speaks, judged over one page's renamed fields (metrics and labels). */
public enum ExporterNaming {
  /** No field of the naming table on the page. */
  UNKNOWN,
  LEGACY,
  STANDARD,
  /**
   * Some fields under their legacy names, others under their standard names: dcgm-exporter 4.9
   * prints the PCIe and NVLink profiling fields under their legacy names (4.10 renames them), and a
   * hand-written counters file may name each field either way. Not a problem by itself; the same
   * field under both names is (see {@link NamingProblem}).
   */
  MIXED;

  public static ExporterNaming of(boolean legacySeen, boolean standardSeen) {
    if (legacySeen && standardSeen) {
      return MIXED;
    }
    if (standardSeen) {
      return STANDARD;
    }
    return legacySeen ? LEGACY : UNKNOWN;
  }
}
