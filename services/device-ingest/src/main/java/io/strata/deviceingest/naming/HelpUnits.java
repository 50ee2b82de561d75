package io.strata.deviceingest.naming;

import java.util.Map;

/**
 * The unit an exporter's HELP text states, in the wordings of dcgm-exporter's counter files ({@code
 * etc/default-counters.csv}: "GPU temperature (in C).", "Total energy consumption since boot (in
 * mJ).", "... in bytes per second.", "Ratio of time the graphics engine is active."). Conservative:
 * a wording not listed here states nothing, and the name's unit stands ("(in KB)" is not read:
 * decimal or binary kilobytes, it does not say).
 */
public final class HelpUnits {

  private static final Map<String, Unit> IN_PARENTHESES =
      Map.ofEntries(
          Map.entry("C", Unit.CELSIUS),
          Map.entry("W", Unit.WATTS),
          Map.entry("Hz", Unit.HERTZ),
          Map.entry("MHz", Unit.MEGAHERTZ),
          Map.entry("J", Unit.JOULES),
          Map.entry("mJ", Unit.MILLIJOULES),
          Map.entry("B", Unit.BYTES),
          Map.entry("bytes", Unit.BYTES),
          Map.entry("MiB", Unit.MEBIBYTES),
          Map.entry("B/s", Unit.BYTES_PER_SECOND),
          Map.entry("s", Unit.SECONDS),
          Map.entry("us", Unit.MICROSECONDS),
          Map.entry("ns", Unit.NANOSECONDS),
          Map.entry("%", Unit.PERCENT));

  private HelpUnits() {}

  /** The unit {@code help} states, or null when it states none this class can read. */
  public static Unit of(String help) {
    int open = help.indexOf("(in ");
    if (open >= 0) {
      int close = help.indexOf(')', open);
      if (close > open) {
        Unit unit = IN_PARENTHESES.get(help.substring(open + 4, close).strip());
        if (unit != null) {
          return unit;
        }
      }
    }
    if (help.contains("in bytes per second")) {
      return Unit.BYTES_PER_SECOND;
    }
    if (help.startsWith("Ratio of") || help.startsWith("The ratio of")) {
      return Unit.RATIO;
    }
    return null;
  }
}
