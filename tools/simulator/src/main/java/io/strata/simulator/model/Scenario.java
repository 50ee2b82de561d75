package io.strata.simulator.model;

import java.util.Locale;
import java.util.Optional;

/** Fault scenarios the simulated cluster can play; one is active at a time. */
public enum Scenario {
  UNSPECIFIED,
  HEALTHY,
  XID_79,
  THERMAL_THROTTLING,
  QUEUE_BACKLOG,
  SLOW_MODEL_LOAD,
  IDLE,
  OWNERSHIP_MISMATCH,
  MISSING_FIELDS,
  APP_XID_13;

  /** The name used on the control API: lower case with dashes ({@code xid-79}). */
  public String slug() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Accepts the slug or the enum name in any case; UNSPECIFIED is not selectable. */
  public static Optional<Scenario> fromName(String name) {
    if (name == null) {
      return Optional.empty();
    }
    String normalised = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    for (Scenario scenario : values()) {
      if (scenario != UNSPECIFIED && scenario.name().equals(normalised)) {
        return Optional.of(scenario);
      }
    }
    return Optional.empty();
  }

  /** Whether this scenario is a fault (anything but healthy). */
  public boolean isFault() {
    return this != UNSPECIFIED && this != HEALTHY;
  }
}
