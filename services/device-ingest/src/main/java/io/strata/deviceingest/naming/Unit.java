package io.strata.deviceingest.naming;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The units a DCGM field name or its exporter HELP text can state, each as a power of ten and a
 * power of two of its quantity's base unit, so a conversion between two of them is one exact
 * decimal shift and one exact binary shift (never a multiplication by a rounded factor).
 */
public enum Unit {
  CELSIUS(Quantity.TEMPERATURE, 0, 0),
  WATTS(Quantity.POWER, 0, 0),
  HERTZ(Quantity.FREQUENCY, 0, 0),
  MEGAHERTZ(Quantity.FREQUENCY, 6, 0),
  JOULES(Quantity.ENERGY, 0, 0),
  MILLIJOULES(Quantity.ENERGY, -3, 0),
  BYTES(Quantity.DATA, 0, 0),
  MEBIBYTES(Quantity.DATA, 0, 20),
  BYTES_PER_SECOND(Quantity.DATA_RATE, 0, 0),
  SECONDS(Quantity.TIME, 0, 0),
  MICROSECONDS(Quantity.TIME, -6, 0),
  NANOSECONDS(Quantity.TIME, -9, 0),
  RATIO(Quantity.FRACTION, 0, 0),
  PERCENT(Quantity.FRACTION, -2, 0),
  /** A count, flag, bitmask or XID number: the same value under both names. */
  NONE(Quantity.NONE, 0, 0),
  /** Strata's contract states no unit for the field: nothing converts into it. */
  UNSTATED(Quantity.UNSTATED, 0, 0),
  /** A label-type field (a string exported as a label): it has no value to convert. */
  LABEL(Quantity.LABEL, 0, 0);

  private enum Quantity {
    TEMPERATURE,
    POWER,
    FREQUENCY,
    ENERGY,
    DATA,
    DATA_RATE,
    TIME,
    FRACTION,
    NONE,
    UNSTATED,
    LABEL
  }

  /** The Naming Standard's unit suffixes, longest first (checked after removing a _TOTAL). */
  private static final List<Map.Entry<String, Unit>> SUFFIXES =
      List.of(
          Map.entry("_BYTES_PER_SECOND", BYTES_PER_SECOND),
          Map.entry("_CELSIUS", CELSIUS),
          Map.entry("_WATTS", WATTS),
          Map.entry("_HERTZ", HERTZ),
          Map.entry("_JOULES", JOULES),
          Map.entry("_BYTES", BYTES),
          Map.entry("_SECONDS", SECONDS),
          Map.entry("_RATIO", RATIO));

  private final Quantity quantity;
  private final int powerOfTen;
  private final int powerOfTwo;

  Unit(Quantity quantity, int powerOfTen, int powerOfTwo) {
    this.quantity = quantity;
    this.powerOfTen = powerOfTen;
    this.powerOfTwo = powerOfTwo;
  }

  /**
   * The unit a DCGM Field Naming Standard name states by its suffix ({@code _GPU_TEMP_CELSIUS},
   * {@code _ENERGY_JOULES_TOTAL}), or null when it states none. Only for Naming Standard names: a
   * legacy name such as {@code DCGM_FI_PROF_PCIE_TX_BYTES} (a rate) does not follow the grammar.
   */
  public static Unit ofStandardName(String name) {
    String base = name.endsWith("_TOTAL") ? name.substring(0, name.length() - 6) : name;
    for (Map.Entry<String, Unit> suffix : SUFFIXES) {
      if (base.endsWith(suffix.getKey())) {
        return suffix.getValue();
      }
    }
    return null;
  }

  /**
   * How a value in this unit becomes a value in {@code target}: empty when they measure different
   * things (NONE, UNSTATED and LABEL are each a quantity of their own: they convert only to
   * themselves).
   */
  public Optional<Conversion> to(Unit target) {
    if (quantity != target.quantity) {
      return Optional.empty();
    }
    return Optional.of(
        new Conversion(powerOfTen - target.powerOfTen, powerOfTwo - target.powerOfTwo));
  }
}
