package io.strata.console.core;

import io.strata.events.Correlation;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.LogLinkRef;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.ReviewRecord;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The review record as Markdown (the page renders it; the export downloads it). Follows The review
 * record's items: trigger, affected workloads, exemplar trace, device fields, actions, log links,
 * time to mitigate and recover, missing dimensions.
 */
public final class ReviewMarkdown {

  /** Characters that start or end inline syntax in link text. */
  private static final String INLINE_SYNTAX = "\\`*_[]<>!&|";

  /** An entity or numeric character reference, which CommonMark decodes in a link destination. */
  private static final Pattern ENTITY =
      Pattern.compile("&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});");

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
        "\n## Actions\n\n| action | type | target | final state | policy | approved by | executed |"
            + " reverted |\n");
    md.append("|---|---|---|---|---|---|---|---|\n");
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
          .append(policy(action.policy()))
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
    if (!review.logLinks().isEmpty()) {
      md.append("\n## Logs\n\n");
      review.logLinks().forEach(link -> md.append("- ").append(logLink(link)).append('\n'));
    }
    md.append("\n## Missing dimensions\n\n");
    if (review.missingDimensions().isEmpty()) {
      md.append("None.\n");
    }
    review.missingDimensions().forEach(d -> md.append("- ").append(d).append('\n'));
    return md.toString();
  }

  /**
   * {@code [Logs (name): subject](<url>)}, the URL as it is, so the exported file can be copied
   * from. What a value read from the topic could use to break out of the link is neutralised
   * (CommonMark, "Links"): in the label, the characters of inline syntax are backslash-escaped; in
   * the URL, {@code < > \ space} and line breaks are percent-encoded and an {@code &} that would
   * start an entity reference is escaped. A URL that is not http(s) is shown as text, never linked.
   */
  static String logLink(LogLinkRef link) {
    String label = escape("Logs (" + link.name() + "): " + link.subject());
    String url = link.url() == null ? "" : link.url();
    String lower = url.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("https://") && !lower.startsWith("http://")) {
      return label + ": " + escape(url);
    }
    StringBuilder dest = new StringBuilder();
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      switch (c) {
        case '<' -> dest.append("%3C");
        case '>' -> dest.append("%3E");
        case '\\' -> dest.append("%5C");
        case ' ' -> dest.append("%20");
        case '\n' -> dest.append("%0A");
        case '\r' -> dest.append("%0D");
        case '&' ->
            dest.append(ENTITY.matcher(url).region(i, url.length()).lookingAt() ? "\\&" : "&");
        default -> dest.append(c);
      }
    }
    return "[" + label + "](<" + dest + ">)";
  }

  private static String escape(String text) {
    StringBuilder out = new StringBuilder();
    for (char c : String.valueOf(text).toCharArray()) {
      if (c == '\n' || c == '\r') {
        out.append(' ');
      } else {
        out.append(INLINE_SYNTAX.indexOf(c) >= 0 ? "\\" + c : String.valueOf(c));
      }
    }
    return out.toString();
  }

  private static void row(StringBuilder md, String key, String value) {
    md.append("| ").append(key).append(" | ").append(value.replace("|", "\\|")).append(" |\n");
  }

  private static String duration(Long millis) {
    return millis == null
        ? "–"
        : Texts.number(millis / 1000.0) + " s (" + Duration.ofMillis(millis) + ")";
  }

  /** {@code rule (MODE)}, {@code default (MODE)} when no rule matched, – before policies. */
  private static String policy(PolicyRef policy) {
    if (policy == null) {
      return "–";
    }
    return (policy.rule() == null ? "default" : policy.rule()) + " (" + policy.mode() + ")";
  }
}
