package io.strata.testsupport;

import java.util.Set;
import java.util.TreeSet;

/**
 * Reads the names of Strata's own meters off a Prometheus text page ({@code /q/metrics}), so a
 * service's test can hold them to the one naming convention (issue 19): Micrometer {@code
 * strata.<service>.<what>}, rendered {@code strata_<service>_<what>} with the registry's {@code
 * _total} / {@code _seconds} suffixes. Format: the Prometheus text exposition format, one sample
 * per line, {@code name{labels} value}, comments starting with {@code #}.
 */
public final class MeterNames {

  private MeterNames() {}

  /** The distinct sample names starting with {@code strata_}, as rendered, sorted. */
  public static Set<String> strata(String prometheusText) {
    Set<String> names = new TreeSet<>();
    for (String line : prometheusText.split("\n")) {
      if (line.startsWith("strata_")) {
        int end = line.length();
        for (char stop : new char[] {'{', ' '}) {
          int at = line.indexOf(stop);
          if (at >= 0 && at < end) {
            end = at;
          }
        }
        names.add(line.substring(0, end));
      }
    }
    return names;
  }

  /**
   * The Strata meters on the page that are not the service's own ({@code prefix}, such as {@code
   * "strata_correlator_"}): empty when every name follows the convention.
   */
  public static Set<String> notPrefixed(String prometheusText, String prefix) {
    Set<String> off = strata(prometheusText);
    off.removeIf(name -> name.startsWith(prefix));
    return off;
  }
}
