package io.strata.deviceingest.scrape;

import io.strata.deviceingest.assemble.GpuReading;
import io.strata.deviceingest.assemble.PageAssembler;
import io.strata.deviceingest.assemble.ScrapedPage;
import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.deviceingest.naming.FieldNames;
import io.strata.deviceingest.parse.ExpositionFormat;
import io.strata.deviceingest.parse.PrometheusTextParser;
import io.strata.deviceingest.presence.FieldPresenceTracker;
import io.strata.deviceingest.presence.FieldPresenceTracker.Presence;
import io.strata.deviceingest.presence.FieldPresenceTracker.PresenceChange;
import io.strata.deviceingest.xid.XidCatalog;
import io.strata.deviceingest.xid.XidCatalogEntry;
import io.strata.deviceingest.xid.XidDetector;
import io.strata.deviceingest.xid.XidHistory;
import io.strata.deviceingest.xid.XidOccurrence;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pure core of device-ingest: one scrape's page (or failure) in, the samples, XID events and
 * findings to publish out. Holds the per-target state that edge detection needs. Callers must not
 * process two scrapes of the same target at once (the scheduler never overlaps them).
 */
public final class ScrapeProcessor {

  private final String cluster;
  private final int maxLineErrors;
  private final XidCatalog catalog;
  private final XidDetector xids;
  private final FieldPresenceTracker presence;
  private final ScrapeOutcomeTracker outcomes = new ScrapeOutcomeTracker();
  private final ScrapeFindings findings;
  private final Map<String, PrometheusTextParser> parsers = new ConcurrentHashMap<>();

  public ScrapeProcessor(
      String cluster, List<String> expectedFields, XidCatalog catalog, int maxLineErrors) {
    this(cluster, expectedFields, catalog, maxLineErrors, XidHistory.empty());
  }

  /** {@code history}: the XIDs already published, so a GPU's first sight does not repeat them. */
  public ScrapeProcessor(
      String cluster,
      List<String> expectedFields,
      XidCatalog catalog,
      int maxLineErrors,
      XidHistory history) {
    this.cluster = cluster;
    this.findings = new ScrapeFindings(cluster);
    this.xids = new XidDetector(history);
    this.catalog = catalog;
    this.maxLineErrors = maxLineErrors;
    // The naming table is read here, at startup: a broken table fails the service, not a scrape.
    this.presence = new FieldPresenceTracker(expectedFields, FieldNames.shipped());
  }

  public ScrapeOutput processPage(ScrapeTarget target, ScrapeResponse response, Instant now) {
    ExpositionFormat format = ExpositionFormat.fromContentType(response.contentType());
    PrometheusTextParser parser =
        parsers.compute(
            target.url(),
            (url, existing) ->
                existing != null && existing.format() == format
                    ? existing
                    : new PrometheusTextParser(format));
    ScrapedPage page =
        PageAssembler.assemble(parser, response.body(), response.length(), maxLineErrors);
    List<OutgoingEvent<?>> events = new ArrayList<>();
    outcomes
        .succeeded(target.url())
        .ifPresent(reason -> events.add(findings.scrapeSucceedsAgain(target, reason, now)));
    int samples = 0;
    int xidEvents = 0;
    for (GpuReading gpu : page.gpus()) {
      String node = gpu.hostname() != null ? gpu.hostname() : target.fallbackNode();
      String key = Keys.gpu(cluster, node, gpu.gpuUuid());
      events.add(
          new OutgoingEvent<>(
              Topics.DEVICE_SAMPLES,
              key,
              sample(target, node, gpu, now),
              EventIds.sample(key, gpu.migInstanceId(), now),
              now));
      samples++;
      for (XidOccurrence occurrence : xids.observe(target.url(), key, gpu)) {
        XidEvent xid = xidEvent(target, key, node, gpu, occurrence, now);
        events.add(new OutgoingEvent<>(Topics.DEVICE_XIDS, key, xid, xid.eventId(), now));
        xidEvents++;
      }
    }
    Presence presence = this.presence.observe(target.url(), page.presentByGpu());
    presence
        .page()
        .ifPresent(change -> events.add(findings.pagePresence(target, page, change, now)));
    for (Map.Entry<String, PresenceChange> gpu : presence.gpus().entrySet()) {
      events.add(findings.gpuPresence(target, page, gpu.getKey(), gpu.getValue(), now));
    }
    if (outcomes.parseErrorsChanged(target.url(), page.lineErrors())) {
      events.add(findings.parseErrors(target, page, now));
    }
    if (outcomes.namingProblemsChanged(target.url(), page.naming().problems())) {
      events.add(findings.namingProblems(target, page, now));
    }
    return new ScrapeOutput(
        target.url(),
        null,
        events,
        samples,
        xidEvents,
        events.size() - samples - xidEvents,
        page.summary().malformed(),
        this.presence.missingCount(target.url()),
        page.nonFiniteValues(),
        page.linesWithoutGpu());
  }

  public ScrapeOutput processFailure(ScrapeTarget target, ScrapeFailure failure, Instant now) {
    List<OutgoingEvent<?>> events = new ArrayList<>(1);
    outcomes
        .failed(target.url(), failure.reason())
        .ifPresent(count -> events.add(findings.scrapeFailed(target, failure, count, now)));
    return new ScrapeOutput(
        target.url(), failure.reason(), events, 0, 0, events.size(), 0, 0, 0, 0);
  }

  /** Drops everything known about a target that is gone. */
  public void forgetTarget(String url) {
    xids.forgetTarget(url);
    presence.forgetTarget(url);
    outcomes.forgetTarget(url);
    parsers.remove(url);
  }

  public int missingFields(String url) {
    return presence.missingCount(url);
  }

  /** GPUs of the target's last page that lack expected fields other GPUs of it report. */
  public int incompleteGpus(String url) {
    return presence.incompleteGpus(url);
  }

  public List<String> expectedFields() {
    return presence.expected();
  }

  private DeviceSample sample(ScrapeTarget target, String node, GpuReading gpu, Instant now) {
    return new DeviceSample(
        cluster,
        node,
        gpu.gpuUuid(),
        gpu.gpuIndex(),
        gpu.pciBusId(),
        gpu.device(),
        gpu.modelName(),
        gpu.driverVersion(),
        gpu.migProfile(),
        gpu.migInstanceId(),
        gpu.owner(),
        gpu.health(),
        gpu.fields(),
        gpu.otherFields(),
        gpu.lastXid(),
        target.url(),
        now);
  }

  private XidEvent xidEvent(
      ScrapeTarget target,
      String key,
      String node,
      GpuReading gpu,
      XidOccurrence occurrence,
      Instant now) {
    XidCatalogEntry entry = catalog.describe(occurrence.xid());
    return new XidEvent(
        EventIds.xid(key, gpu.migInstanceId(), occurrence.xid(), occurrence.source().name(), now),
        cluster,
        node,
        gpu.gpuUuid(),
        gpu.gpuIndex(),
        occurrence.xid(),
        entry.mnemonic(),
        entry.description(),
        entry.immediateAction(),
        entry.origin(),
        occurrence.source(),
        occurrence.occurrences(),
        gpu.owner(),
        target.url(),
        now);
  }
}
