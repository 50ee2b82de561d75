package io.strata.console.core;

import java.time.Duration;

/** The bounds of {@link ConsoleState}; see ConsoleConfig.Limits for what each means. */
public record ConsoleLimits(
    int incidents,
    int revisionsPerIncident,
    int statesPerAction,
    int spansPerTrace,
    int samplesPerGpu,
    int xidsPerGpu,
    int windowsPerWorkload,
    double recoveryBand,
    int alerts,
    Duration resolvedAlertRetention,
    int unverifiedRecords) {

  /** The default of {@code limits.unverified-records}. */
  public static final int UNVERIFIED_RECORDS = 200;

  /** With the default bound of unverified journal records. */
  public ConsoleLimits(
      int incidents,
      int revisionsPerIncident,
      int statesPerAction,
      int spansPerTrace,
      int samplesPerGpu,
      int xidsPerGpu,
      int windowsPerWorkload,
      double recoveryBand,
      int alerts,
      Duration resolvedAlertRetention) {
    this(
        incidents,
        revisionsPerIncident,
        statesPerAction,
        spansPerTrace,
        samplesPerGpu,
        xidsPerGpu,
        windowsPerWorkload,
        recoveryBand,
        alerts,
        resolvedAlertRetention,
        UNVERIFIED_RECORDS);
  }
}
