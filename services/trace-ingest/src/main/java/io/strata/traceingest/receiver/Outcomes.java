package io.strata.traceingest.receiver;

import java.util.Locale;

/** The metric tag of an outcome: accepted, partial, or the refusal reason. */
final class Outcomes {

  private Outcomes() {}

  static String tag(ExportOutcome outcome) {
    if (outcome instanceof ExportOutcome.Accepted accepted) {
      return accepted.rejectedSpans() > 0 ? "partial" : "accepted";
    }
    return ((ExportOutcome.Refused) outcome).reason().name().toLowerCase(Locale.ROOT);
  }
}
