package io.strata.feed;

import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.remediation.TargetRef;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Turns Strata's public events into one human line each: what happened, to what, and what comes
 * next.
 */
public final class FeedFormatter {

  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private FeedFormatter() {}

  public static String incident(Incident incident) {
    StringBuilder line =
        new StringBuilder()
            .append(time(incident.updatedAt() != null ? incident.updatedAt() : incident.openedAt()))
            .append("  incident ")
            .append(pad(incident.state().name(), 10))
            .append(pad(incident.incidentClass().name(), 19))
            .append(shortId(incident.incidentId()))
            .append("  ")
            .append(scope(incident.scope(), incident.correlation()));
    Trigger trigger = incident.trigger();
    if (trigger != null && trigger.signal() != null) {
      line.append("  trigger ")
          .append(trigger.signal().name().toLowerCase(Locale.ROOT))
          .append('=');
      line.append(number(trigger.value()));
      String signal = trigger.signal().name().toLowerCase(Locale.ROOT);
      // "xid=79", "health=1", but "p95_latency=449 ms": a unit that only repeats the signal is
      // noise.
      if (trigger.unit() != null && !trigger.unit().toLowerCase(Locale.ROOT).startsWith(signal)) {
        line.append(' ').append(trigger.unit());
      }
      if (trigger.baseline() != null) {
        line.append(" (baseline ").append(number(trigger.baseline())).append(')');
      }
    }
    switch (incident.state()) {
      case OPEN -> {
        if (!incident.suggestedActions().isEmpty()) {
          line.append("  → suggests ")
              .append(
                  incident.suggestedActions().stream()
                      .map(Enum::name)
                      .collect(Collectors.joining(", ")));
        }
      }
      case RESOLVED -> {
        if (incident.timeToRecoverMillis() != null) {
          line.append("  recovered in ").append(duration(incident.timeToRecoverMillis()));
        }
      }
      default -> {}
    }
    return line.toString();
  }

  public static String action(RemediationAction action) {
    return action(action, null);
  }

  /**
   * The action's line; {@code verification} (VERIFIED, UNVERIFIED(reason)) follows the facts and
   * precedes the message, which is free text of whoever wrote the record.
   */
  public static String action(RemediationAction action, String verification) {
    StringBuilder line =
        new StringBuilder()
            .append(time(action.updatedAt()))
            .append("  action   ")
            .append(pad(action.state().name(), 10))
            .append(pad(action.type().name(), 19))
            .append(shortId(action.actionId()))
            .append("  ")
            .append(target(action.target()));
    if (action.state() == ActionState.APPROVED || action.state() == ActionState.REJECTED) {
      if (action.approvedBy() != null) {
        line.append("  by ").append(action.approvedBy());
      }
      line.append(" via ").append(action.approvalChannel().name().toLowerCase(Locale.ROOT));
    }
    if (action.dryRun()) {
      line.append("  [dry-run]");
    }
    if (action.reason() != ActionOutcomeReason.UNSPECIFIED) {
      line.append("  reason ").append(action.reason().name());
    }
    if (verification != null) {
      line.append("  ").append(verification);
    }
    if (action.message() != null && !action.message().isBlank()) {
      line.append("  — ").append(action.message());
    }
    return line.toString();
  }

  public static String review(ReviewRecord review) {
    StringBuilder line =
        new StringBuilder()
            .append(time(review.writtenAt()))
            .append("  review   ")
            .append(pad(review.outcome().name(), 10))
            .append(pad(review.incidentClass().name(), 19))
            .append(shortId(review.incidentId()))
            .append("  actions ")
            .append(actions(review.actions()));
    if (review.timeToMitigateMillis() != null) {
      line.append("  mitigated in ").append(duration(review.timeToMitigateMillis()));
    }
    if (review.timeToRecoverMillis() != null) {
      line.append("  recovered in ").append(duration(review.timeToRecoverMillis()));
    }
    if (review.exemplarTraceId() != null) {
      line.append("  exemplar trace ").append(review.exemplarTraceId());
    }
    if (!review.missingDimensions().isEmpty()) {
      line.append("  missing: ").append(String.join("; ", review.missingDimensions()));
    }
    return line.toString();
  }

  private static String actions(List<ActionRecord> actions) {
    if (actions.isEmpty()) {
      return "none";
    }
    return actions.stream()
        .map(a -> a.type().name() + " " + a.finalState().name())
        .collect(Collectors.joining(", "));
  }

  private static String scope(Scope scope, Correlation correlation) {
    if (scope == null) {
      return correlation.workload() == null ? "-" : correlation.workload();
    }
    StringBuilder out = new StringBuilder();
    if (!scope.nodes().isEmpty()) {
      out.append("nodes ").append(String.join(",", scope.nodes()));
    }
    if (!scope.gpuUuids().isEmpty()) {
      out.append(out.isEmpty() ? "" : " ")
          .append("gpus ")
          .append(String.join(",", scope.gpuUuids()));
    }
    if (!scope.workloads().isEmpty()) {
      out.append(out.isEmpty() ? "" : " ")
          .append("workloads ")
          .append(String.join(",", scope.workloads()));
    }
    if (!scope.modelVersions().isEmpty()) {
      out.append(out.isEmpty() ? "" : " ")
          .append("versions ")
          .append(String.join(",", scope.modelVersions()));
    }
    return out.isEmpty() ? "-" : out.toString();
  }

  private static String target(TargetRef target) {
    if (target == null) {
      return "-";
    }
    return target.kind()
        + "/"
        + (target.namespace() == null ? "" : target.namespace() + "/")
        + target.name();
  }

  private static String time(Instant instant) {
    return instant == null ? "--:--:--" : CLOCK.format(instant);
  }

  private static String shortId(String id) {
    if (id == null) {
      return "-";
    }
    return id.length() <= 12 ? id : id.substring(0, 12);
  }

  private static String pad(String value, int width) {
    return value.length() >= width ? value + " " : value + " ".repeat(width - value.length());
  }

  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

  private static String duration(long millis) {
    Duration d = Duration.ofMillis(millis);
    return d.toMinutes() > 0
        ? d.toMinutes() + "m" + d.toSecondsPart() + "s"
        : String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
  }
}
