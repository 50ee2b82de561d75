package io.strata.console.core;

import io.strata.events.incident.Incident;
import java.util.List;

/**
 * Everything one incident page shows, computed on the server so the browser only paints.
 *
 * @param paused the remediator's global pause switch as the signed-in user's token read it; null
 *     when nobody is signed in
 * @param alerts the Alertmanager alerts of its evidence, newest first
 * @param logLinks links to the logs of its exemplar traces and pods (IncidentLogLinks)
 * @param review null until the review record is written
 * @param unverifiedRecords journal records naming this incident whose signature did not verify,
 *     newest first: what they claim is shown here and nowhere else (ADR 052)
 */
public record IncidentPage(
    IncidentRow row,
    Incident incident,
    List<TimelineEntry> timeline,
    List<Waterfall> waterfalls,
    List<Sparkline> workloadSparklines,
    List<GpuSparklines> gpuSparklines,
    List<EvidenceCard> evidence,
    List<IncidentAlert> alerts,
    IncidentLogLinks logLinks,
    List<PlanItem> plan,
    Verification verification,
    ReviewView review,
    Boolean paused,
    List<UnverifiedRecord> unverifiedRecords) {

  /** The key device fields of one affected GPU around the fault. */
  public record GpuSparklines(String gpuUuid, String node, List<Sparkline> fields) {}
}
