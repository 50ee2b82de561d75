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
    Duration resolvedAlertRetention) {}
