package io.strata.console.core;

import io.strata.events.Correlation;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ReviewRecord;
import java.time.Duration;

/**
 * The review record as Markdown (the page renders it; the export downloads it). Follows The review
 * record's items: trigger, affected workloads, exemplar trace, device fields, actions, time to
 * mitigate and recover, missing dimensions.
 */
public final class ReviewMarkdown {

  private ReviewMarkdown() {}

  public static String of(ReviewRecord review) {
    StringBuilder md = new StringBuilder();
    md.append("# Review ").append(review.incidentId()).append("\n\n");
    md.append("| | |\n|---|---|\n");
    row(md, "class", review.incidentClass().name());
    row(md, "outcome", review.outcome().name());
    row(md, "trigger", Texts.trigger(review.trigger()));
    row(md, "opened", String.valueOf(review.openedAt()));
    row(md, "mitigated", String.valueOf(review.mitigatedAt()));
    row(md, "resolved", String.valueOf(review.resolvedAt()));
    row(md, "time to mitigate", duration(review.timeToMitigateMillis()));
    row(md, "time to recover", duration(review.timeToRecoverMillis()));
    row(
        md,
        "exemplar trace",
        review.exemplarTraceId() == null ? "–" : "`" + review.exemplarTraceId() + "`");
    md.append("\n## Affected workloads\n\n");
    for (Correlation workload : review.affectedWorkloads()) {
      md.append("- ")
          .append(workload.namespace())
          .append('/')
          .append(workload.workload())
          .append(workload.modelVersion() == null ? "" : " (model " + workload.modelVersion() + ")")
          .append('\n');
    }
    if (!review.devices().isEmpty()) {
      md.append("\n## Device fields\n\n");
      for (DeviceEvidence device : review.devices()) {
        md.append("- `").append(device.gpuUuid()).append("` on ").append(device.node());
        md.append(": health ").append(device.health());
        if (!device.xids().isEmpty()) {
          md.append(", XID ").append(device.xids());
        }
        new java.util.TreeMap<>(device.fields())
            .forEach((k, v) -> md.append(", ").append(k).append('=').append(Texts.number(v)));
        md.append('\n');
      }
    }
    md.append(
        "\n## Actions\n\n| action | type | target | final state | approved by | executed | reverted |\n");
    md.append("|---|---|---|---|---|---|---|\n");
    for (ActionRecord action : review.actions()) {
      md.append("| `")
          .append(action.actionId())
          .append("` | ")
          .append(action.type())
          .append(" | ")
          .append(Texts.target(action.target()))
          .append(" | ")
          .append(action.finalState())
          .append(" | ")
          .append(
              action.approvedBy() == null
                  ? "–"
                  : action.approvedBy() + " via " + action.approvalChannel())
          .append(" | ")
          .append(action.executedAt() == null ? "–" : action.executedAt())
          .append(" | ")
          .append(action.revertedAt() == null ? "–" : action.revertedAt())
          .append(" |\n");
    }
    md.append("\n## Missing dimensions\n\n");
    if (review.missingDimensions().isEmpty()) {
      md.append("None.\n");
    }
    review.missingDimensions().forEach(d -> md.append("- ").append(d).append('\n'));
    return md.toString();
  }

  private static void row(StringBuilder md, String key, String value) {
    md.append("| ").append(key).append(" | ").append(value.replace("|", "\\|")).append(" |\n");
  }

  private static String duration(Long millis) {
    return millis == null
        ? "–"
        : Texts.number(millis / 1000.0) + " s (" + Duration.ofMillis(millis) + ")";
  }
}
