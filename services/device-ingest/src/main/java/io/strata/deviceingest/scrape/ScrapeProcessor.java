package io.strata.deviceingest.scrape;

import io.strata.deviceingest.assemble.GpuReading;
import io.strata.deviceingest.assemble.PageAssembler;
import io.strata.deviceingest.assemble.ScrapedPage;
import io.strata.deviceingest.parse.ExpositionFormat;
import io.strata.deviceingest.parse.PrometheusTextParser;
import io.strata.deviceingest.presence.FieldPresenceTracker;
import io.strata.deviceingest.presence.FieldPresenceTracker.Presence;
import io.strata.deviceingest.presence.FieldPresenceTracker.PresenceChange;
import io.strata.deviceingest.publish.OutgoingEvent;
import io.strata.deviceingest.xid.XidCatalog;
import io.strata.deviceingest.xid.XidCatalogEntry;
import io.strata.deviceingest.xid.XidDetector;
import io.strata.deviceingest.xid.XidHistory;
import io.strata.deviceingest.xid.XidOccurrence;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.XidEvent;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
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
    this.xids = new XidDetector(history);
    this.catalog = catalog;
    this.maxLineErrors = maxLineErrors;
    this.presence = new FieldPresenceTracker(expectedFields);
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
        .ifPresent(
            reason ->
                events.add(
                    finding(
                        target,
                        FindingKind.RESOLVED,
                        reason,
                        "scrape succeeds again",
                        List.of(),
                        Map.of(),
                        0,
                        now)));
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
    int findings = events.size() - samples - xidEvents;
    Presence presence = this.presence.observe(target.url(), page.presentByGpu());
    if (presence.page().isPresent()) {
      events.add(presenceFinding(target, pageNode(target, page), presence.page().get(), now));
      findings++;
    }
    for (Map.Entry<String, PresenceChange> gpu : presence.gpus().entrySet()) {
      events.add(gpuPresenceFinding(target, page, gpu.getKey(), gpu.getValue(), now));
      findings++;
    }
    int malformed = page.summary().malformed();
    if (outcomes.parseErrorsChanged(target.url(), page.lineErrors())) {
      events.add(
          finding(
              target,
              FindingKind.PARSE_ERRORS,
              FindingReason.MALFORMED_LINES,
              malformed + " malformed line(s) in " + page.summary().lines(),
              List.of(),
              page.lineErrors(),
              malformed,
              now));
      findings++;
    }
    return new ScrapeOutput(
        target.url(),
        null,
        events,
        samples,
        xidEvents,
        findings,
        malformed,
        this.presence.missingCount(target.url()),
        page.nonFiniteValues(),
        page.linesWithoutGpu());
  }

  public ScrapeOutput processFailure(ScrapeTarget target, ScrapeFailure failure, Instant now) {
    List<OutgoingEvent<?>> events = new ArrayList<>(1);
    outcomes
        .failed(target.url(), failure.reason())
        .ifPresent(
            count ->
                events.add(
                    finding(
                        target,
                        FindingKind.SCRAPE_FAILED,
                        failure.reason(),
                        failure.getMessage(),
                        List.of(),
                        Map.of(),
                        count,
                        now)));
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

  /**
   * The node a page-level finding is about: the target's, else the one hostname every GPU on the
   * page reports (a statically configured exporter URL says nothing about its node, its page does).
   */
  private static String pageNode(ScrapeTarget target, ScrapedPage page) {
    if (target.node() != null) {
      return target.node();
    }
    Set<String> hostnames = new HashSet<>();
    for (GpuReading gpu : page.gpus()) {
      if (gpu.hostname() != null) {
        hostnames.add(gpu.hostname());
      }
    }
    return hostnames.size() == 1 ? hostnames.iterator().next() : null;
  }

  private OutgoingEvent<DeviceFinding> presenceFinding(
      ScrapeTarget target, String node, PresenceChange change, Instant now) {
    if (change.resolved()) {
      return finding(
          target,
          node,
          FindingKind.RESOLVED,
          FindingReason.EXPECTED_FIELD_ABSENT,
          "every expected field is present again",
          List.of(),
          Map.of(),
          0,
          now);
    }
    return finding(
        target,
        node,
        FindingKind.FIELD_MISSING,
        FindingReason.EXPECTED_FIELD_ABSENT,
        change.missing().size() + " expected field(s) absent from " + target.url(),
        change.missing(),
        Map.of(),
        change.missing().size(),
        now);
  }

  /**
   * A GPU of the page lacks (or no longer lacks) expected fields other GPUs of it report: a
   * GPU-level finding, keyed {@code cluster/node/gpu_uuid}.
   */
  private OutgoingEvent<DeviceFinding> gpuPresenceFinding(
      ScrapeTarget target, ScrapedPage page, String gpuUuid, PresenceChange change, Instant now) {
    String node = target.fallbackNode();
    for (GpuReading gpu : page.gpus()) {
      if (gpu.gpuUuid().equals(gpuUuid) && gpu.hostname() != null) {
        node = gpu.hostname();
        break;
      }
    }
    boolean resolved = change.resolved();
    DeviceFinding finding =
        new DeviceFinding(
            UUID.randomUUID().toString(),
            resolved ? FindingKind.RESOLVED : FindingKind.FIELD_MISSING,
            FindingReason.EXPECTED_FIELD_ABSENT,
            cluster,
            node,
            target.url(),
            gpuUuid,
            resolved
                ? "GPU " + gpuUuid + " reports every field the other GPUs of its page report"
                : "GPU "
                    + gpuUuid
                    + " lacks "
                    + change.missing().size()
                    + " expected field(s) the other GPUs of "
                    + target.url()
                    + " report",
            change.missing(),
            null,
            null,
            Map.of(),
            change.missing().size(),
            now);
    return new OutgoingEvent<>(
        Topics.DEVICE_FINDINGS,
        Keys.gpu(cluster, node, gpuUuid),
        finding,
        finding.findingId(),
        now);
  }

  private OutgoingEvent<DeviceFinding> finding(
      ScrapeTarget target,
      FindingKind kind,
      FindingReason reason,
      String message,
      List<String> missing,
      Map<Integer, String> lineErrors,
      long count,
      Instant now) {
    return finding(target, target.node(), kind, reason, message, missing, lineErrors, count, now);
  }

  private OutgoingEvent<DeviceFinding> finding(
      ScrapeTarget target,
      String node,
      FindingKind kind,
      FindingReason reason,
      String message,
      List<String> missing,
      Map<Integer, String> lineErrors,
      long count,
      Instant now) {
    DeviceFinding finding =
        new DeviceFinding(
            UUID.randomUUID().toString(),
            kind,
            reason,
            cluster,
            node,
            target.url(),
            null,
            message,
            missing,
            null,
            null,
            lineErrors,
            count,
            now);
    // A finding is one state change: its random id is minted here, once, and kept on re-sends.
    return new OutgoingEvent<>(
        Topics.DEVICE_FINDINGS, cluster + "/" + target.url(), finding, finding.findingId(), now);
  }
}
