package io.strata.deviceingest.naming;

import io.strata.deviceingest.parse.MetricLine;

/**
 * A unit conversion as value × 10^{@code powerOfTen} × 2^{@code powerOfTwo}. The decimal shift is
 * applied to the decimal the exporter wrote ({@link MetricLine#valueTimesPowerOfTen}), the binary
 * one by {@link Math#scalb}; both are exact, so a value converted into the new unit by its exporter
 * (as a decimal) reads back here to the very double the legacy page gave: 0.8 → 80.0, 1410000000 Hz
 * → 1410.0 MHz, 85521596416 bytes → 81559.0 MiB.
 */
public record Conversion(int powerOfTen, int powerOfTwo) {

  public static final Conversion IDENTITY = new Conversion(0, 0);

  public boolean isIdentity() {
    return powerOfTen == 0 && powerOfTwo == 0;
  }

  /** The line's value in the target unit. */
  public double apply(MetricLine line) {
    double value = powerOfTen == 0 ? line.value() : line.valueTimesPowerOfTen(powerOfTen);
    return powerOfTwo == 0 ? value : Math.scalb(value, powerOfTwo);
  }
}
