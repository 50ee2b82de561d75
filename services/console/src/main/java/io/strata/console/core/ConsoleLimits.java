package io.strata.console.core;

/** The bounds of {@link ConsoleState}; see ConsoleConfig.Limits for what each means. */
public record ConsoleLimits(
    int incidents,
    int revisionsPerIncident,
    int statesPerAction,
    int spansPerTrace,
    int samplesPerGpu,
    int xidsPerGpu,
    int windowsPerWorkload,
    double recoveryBand) {}
