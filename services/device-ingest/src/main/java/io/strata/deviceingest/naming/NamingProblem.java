package io.strata.deviceingest.naming;

/**
 * Why a line of a page was read but its value not put under its field's key (it is kept in
 * other_fields under its exporter name, so nothing is lost, and the page is reported).
 */
public enum NamingProblem {
  /**
   * One GPU reports the same field under its legacy and its standard name (say GPU_UTIL=80 and
   * GPU_UTIL_RATIO=0.8): the standard name's value is published, whichever came first, and the
   * legacy one stays under its exporter name; never both, never an arbitrary pick.
   */
  SAME_FIELD_UNDER_BOTH_NAMES,
  /** The name's unit suffix and its HELP text state different units: no guess between them. */
  UNIT_STATEMENTS_DISAGREE,
  /** The HELP text states a unit of another quantity than the field's (a clock "in %"). */
  UNIT_NOT_CONVERTIBLE
}
