package io.strata.deviceingest.assemble;

import io.strata.deviceingest.parse.ParseSummary;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One /metrics page, read and grouped per GPU.
 *
 * @param presentFields every DCGM_* name that appeared, as a metric or as a label (label-type
 *     counters such as DCGM_FI_DRIVER_VERSION are exported as labels)
 * @param lineErrors the first malformed lines: line number → reason
 * @param nonFiniteValues NaN/±Inf values read but not carried (JSON has no representation for them)
 * @param ignoredSeries DCGM lines without a GPU UUID (NvSwitch, CPU, link lines)
 */
public record ScrapedPage(
    List<GpuReading> gpus,
    Set<String> presentFields,
    ParseSummary summary,
    Map<Integer, String> lineErrors,
    int nonFiniteValues,
    int ignoredSeries) {

  public ScrapedPage {
    gpus = List.copyOf(gpus);
    presentFields = Set.copyOf(presentFields);
    lineErrors = Collections.unmodifiableSortedMap(new TreeMap<>(lineErrors));
  }
}
