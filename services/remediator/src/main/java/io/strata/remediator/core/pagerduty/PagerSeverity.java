package io.strata.remediator.core.pagerduty;

import io.strata.events.incident.Severity;

/**
 * {@code payload.severity}: PagerDuty's four values. Strata has three: CRITICAL, WARNING and INFO
 * map to their namesakes (PagerDuty's priority rules and urgency then treat them as it documents);
 * {@code error} is left for an UNSPECIFIED severity, which never pages anyway (min-severity is at
 * least INFO) but keeps the mapping total.
 */
public enum PagerSeverity {
  CRITICAL("critical"),
  ERROR("error"),
  WARNING("warning"),
  INFO("info");

  private final String wire;

  PagerSeverity(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static PagerSeverity of(Severity severity) {
    return switch (severity) {
      case CRITICAL -> CRITICAL;
      case WARNING -> WARNING;
      case INFO -> INFO;
      case UNSPECIFIED -> ERROR;
    };
  }
}
