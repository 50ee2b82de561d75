package io.strata.simulator.dcgm;

import java.util.Map;

/**
 * err_msg texts dcgm-exporter puts on DCGM_FI_DEV_XID_ERRORS for the XIDs the simulator raises
 * (from its xid_errors.go table).
 */
final class XidText {

  private static final Map<Integer, String> TEXT =
      Map.of(
          0, "No Error",
          13, "Graphics Engine Exception",
          79, "GPU has fallen off the bus");

  private XidText() {}

  static String of(int xid) {
    return TEXT.getOrDefault(xid, "Unknown Error");
  }
}
