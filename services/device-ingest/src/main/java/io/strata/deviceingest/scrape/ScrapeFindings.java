package io.strata.deviceingest.scrape;

import io.strata.deviceingest.assemble.GpuReading;
import io.strata.deviceingest.assemble.NamingReport;
import io.strata.deviceingest.assemble.ScrapedPage;
import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.deviceingest.presence.FieldPresenceTracker.PresenceChange;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The findings a scrape can produce, each one state change of a target or GPU (failing, back,
 * malformed lines, naming problems, expected fields absent or present again), as events ready to
 * publish. Keyed {@code cluster/target-url} for a target, {@code cluster/node/gpu_uuid} for a GPU.
 */
final class ScrapeFindings {

  private final String cluster;

  ScrapeFindings(String cluster) {
    this.cluster = cluster;
  }

  /** The target answers again after failing for {@code reason}. */
  OutgoingEvent<DeviceFinding> scrapeSucceedsAgain(
      ScrapeTarget target, FindingReason reason, Instant now) {
    return target(
        target,
        target.node(),
        FindingKind.RESOLVED,
        reason,
        "scrape succeeds again",
        List.of(),
        Map.of(),
        0,
        now);
  }

  /**
   * The target fails, now for the failure's reason: {@code count} failures in a row, whatever their
   * reasons (a new finding each time the reason changes).
   */
  OutgoingEvent<DeviceFinding> scrapeFailed(
      ScrapeTarget target, ScrapeFailure failure, long count, Instant now) {
    return target(
        target,
        target.node(),
        FindingKind.SCRAPE_FAILED,
        failure.reason(),
        failure.getMessage(),
        List.of(),
        Map.of(),
        count,
        now);
  }

  /** The page's malformed lines changed: how many, and which (line number → error). */
  OutgoingEvent<DeviceFinding> parseErrors(ScrapeTarget target, ScrapedPage page, Instant now) {
    int malformed = page.summary().malformed();
    return target(
        target,
        target.node(),
        FindingKind.PARSE_ERRORS,
        FindingReason.MALFORMED_LINES,
        malformed + " malformed line(s) in " + page.summary().lines(),
        List.of(),
        page.lineErrors(),
        malformed,
        now);
  }

  /**
   * The page's naming problems changed: lines whose value could not be put under their field's key
   * (kept in other_fields): {@code FIELD_NAMING_CONFLICT}, each line's {@link
   * io.strata.deviceingest.naming.NamingProblem} in {@code line_errors}. RESOLVED when the page has
   * none any more.
   */
  OutgoingEvent<DeviceFinding> namingProblems(ScrapeTarget target, ScrapedPage page, Instant now) {
    NamingReport naming = page.naming();
    String node = pageNode(target, page);
    if (naming.problems().isEmpty()) {
      return target(
          target,
          node,
          FindingKind.RESOLVED,
          FindingReason.FIELD_NAMING_CONFLICT,
          "no naming problem any more" + namingOf(page),
          List.of(),
          Map.of(),
          0,
          now);
    }
    return target(
        target,
        node,
        FindingKind.PARSE_ERRORS,
        FindingReason.FIELD_NAMING_CONFLICT,
        naming.problemLines()
            + " line(s) read but kept out of the sample's fields"
            + namingOf(page)
            + ": "
            + String.join("; ", naming.problems()),
        List.of(),
        naming.lineProblems(),
        naming.problemLines(),
        now);
  }

  /** Expected fields went missing from the whole page, or are all present again. */
  OutgoingEvent<DeviceFinding> pagePresence(
      ScrapeTarget target, ScrapedPage page, PresenceChange change, Instant now) {
    String node = pageNode(target, page);
    if (change.resolved()) {
      return target(
          target,
          node,
          FindingKind.RESOLVED,
          FindingReason.EXPECTED_FIELD_ABSENT,
          "every expected field is present again" + namingOf(page),
          List.of(),
          Map.of(),
          0,
          now);
    }
    return target(
        target,
        node,
        FindingKind.FIELD_MISSING,
        FindingReason.EXPECTED_FIELD_ABSENT,
        change.missing().size() + " expected field(s) absent from " + target.url() + namingOf(page),
        change.missing(),
        Map.of(),
        change.missing().size(),
        now);
  }

  /**
   * Which DCGM naming the exporter speaks, for a finding's message (the events contract has no
   * field for it): a field counts as present under either name.
   */
  private static String namingOf(ScrapedPage page) {
    return " (exporter naming: " + page.naming().naming() + ")";
  }

  /**
   * A GPU of the page lacks (or no longer lacks) expected fields other GPUs of it report: a
   * GPU-level finding, keyed {@code cluster/node/gpu_uuid}.
   */
  OutgoingEvent<DeviceFinding> gpuPresence(
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
            (resolved
                    ? "GPU " + gpuUuid + " reports every field the other GPUs of its page report"
                    : "GPU "
                        + gpuUuid
                        + " lacks "
                        + change.missing().size()
                        + " expected field(s) the other GPUs of "
                        + target.url()
                        + " report")
                + namingOf(page),
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

  private OutgoingEvent<DeviceFinding> target(
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
