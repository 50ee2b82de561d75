package io.strata.deviceingest.parse;

import java.util.Locale;

/** The two text formats a /metrics endpoint may answer with. */
public enum ExpositionFormat {
  /** Prometheus text format 0.0.4: timestamps are integer milliseconds. */
  PROMETHEUS_TEXT,
  /**
   * OpenMetrics text 1.0: timestamps are seconds, {@code # EOF} ends the page, exemplars allowed.
   */
  OPENMETRICS;

  /** Chooses from a Content-Type header; anything that is not OpenMetrics is read as 0.0.4. */
  public static ExpositionFormat fromContentType(String contentType) {
    if (contentType != null
        && contentType.toLowerCase(Locale.ROOT).startsWith("application/openmetrics-text")) {
      return OPENMETRICS;
    }
    return PROMETHEUS_TEXT;
  }
}
