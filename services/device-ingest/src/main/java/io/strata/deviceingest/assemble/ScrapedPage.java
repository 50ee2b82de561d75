package io.strata.deviceingest.assemble;

import io.strata.deviceingest.parse.ParseSummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One /metrics page, read and grouped per GPU.
 *
 * @param presentByGpu per GPU UUID, every DCGM_* name on its lines, as a metric or as a label
 *     (label-type counters such as DCGM_FI_DRIVER_VERSION are exported as labels); a field of the
 *     naming table under its legacy name, whichever name the page used
 * @param lineErrors the first malformed lines: line number → reason
 * @param nonFiniteValues NaN/±Inf values read but not carried (JSON has no representation for them)
 * @param linesWithoutGpu DCGM lines without a GPU UUID (NvSwitch, CPU, link lines): counted, never
 *     taken as a GPU's field
 * @param naming which DCGM naming the page speaks, and the lines it could not read because of it
 */
public record ScrapedPage(
    List<GpuReading> gpus,
    Map<String, Set<String>> presentByGpu,
    ParseSummary summary,
    Map<Integer, String> lineErrors,
    int nonFiniteValues,
    int linesWithoutGpu,
    NamingReport naming) {

  public ScrapedPage {
    gpus = List.copyOf(gpus);
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    presentByGpu.forEach((gpu, fields) -> copy.put(gpu, Set.copyOf(fields)));
    presentByGpu = Collections.unmodifiableMap(copy);
    lineErrors = Collections.unmodifiableSortedMap(new TreeMap<>(lineErrors));
  }

  /** Every DCGM_* name any GPU of the page reported. */
  public Set<String> presentFields() {
    Set<String> all = new TreeSet<>();
    presentByGpu.values().forEach(all::addAll);
    return all;
  }
}
