package io.strata.deviceingest.scrape;

import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.events.device.FindingReason;
import java.util.List;

/**
 * What one scrape of one target produced.
 *
 * @param failure the reason when the scrape failed, else null
 * @param malformedLines lines rejected by the parser
 * @param missingFields expected fields no GPU of the page reported (0 on failure)
 * @param linesWithoutGpu DCGM lines that carried no GPU identity (counted, not mapped)
 */
public record ScrapeOutput(
    String target,
    FindingReason failure,
    List<OutgoingEvent<?>> events,
    int samples,
    int xidEvents,
    int findings,
    int malformedLines,
    int missingFields,
    int nonFiniteValues,
    int linesWithoutGpu) {

  public ScrapeOutput {
    events = List.copyOf(events);
  }

  public boolean succeeded() {
    return failure == null;
  }
}
