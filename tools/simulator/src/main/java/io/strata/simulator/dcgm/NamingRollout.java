package io.strata.simulator.dcgm;

import java.util.Locale;
import java.util.Optional;

/**
 * Which exporters of the fleet print which {@link DcgmNaming}: all the legacy names, all the
 * standard ones, or a fleet half-way through a node-by-node upgrade (every second node).
 */
public enum NamingRollout {
  LEGACY,
  STANDARD,
  /** Nodes with an odd index (the second, fourth, ...) print the standard names. */
  MIXED;

  /** The naming of the exporter of the node at {@code nodeIndex} (0-based, model order). */
  public DcgmNaming namingOf(int nodeIndex) {
    return switch (this) {
      case LEGACY -> DcgmNaming.LEGACY;
      case STANDARD -> DcgmNaming.STANDARD;
      case MIXED -> nodeIndex % 2 == 1 ? DcgmNaming.STANDARD : DcgmNaming.LEGACY;
    };
  }

  /** The option value: {@code legacy}, {@code standard} or {@code mixed}. */
  public String slug() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The rollout named {@code value} (any case), if there is one. */
  public static Optional<NamingRollout> fromName(String value) {
    for (NamingRollout rollout : values()) {
      if (rollout.name().equalsIgnoreCase(value.trim())) {
        return Optional.of(rollout);
      }
    }
    return Optional.empty();
  }
}
