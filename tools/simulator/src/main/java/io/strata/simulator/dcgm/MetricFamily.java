package io.strata.simulator.dcgm;

import io.strata.simulator.model.GpuReading;
import java.time.Instant;

/**
 * One metric family of an exporter page: its HELP/TYPE header and its name, encoded once, and how
 * one GPU's value is read from the model (in the family's unit).
 *
 * @param fractional always printed with six decimals (DCGM double fields); otherwise only a value
 *     with a fraction is
 * @param lastXid the sticky last-XID gauge, whose lines carry err_code and err_msg
 */
record MetricFamily(
    byte[] header, byte[] name, GpuValue value, boolean fractional, boolean lastXid) {

  /** A GPU's value in the family's unit; NaN when the exporter does not publish it. */
  @FunctionalInterface
  interface GpuValue {
    double of(GpuReading reading, Instant now);
  }

  static MetricFamily of(
      String metric, String type, String help, GpuValue value, boolean fractional) {
    return new MetricFamily(
        header(metric, type, help), PageBuffer.utf8(metric), value, fractional, false);
  }

  /** The family's HELP and TYPE lines, as the exporter writes them from its counter file. */
  static byte[] header(String metric, String type, String help) {
    return PageBuffer.utf8(
        "# HELP " + metric + " " + help + "\n" + "# TYPE " + metric + " " + type + "\n");
  }

  MetricFamily withLastXid() {
    return new MetricFamily(header, name, value, fractional, true);
  }
}
