package io.strata.remediator;

import io.strata.archrules.ServiceArchitectureTest;
import java.util.List;

/**
 * The remediator: the engine ({@code core}), its groups (plan, guard, execute, patch, review,
 * journal, cluster, teams, pagerduty) and the mechanisms are the pure core. Each group is named so
 * that a new subpackage must be added here on purpose (the {@code core..} pattern would cover it
 * anyway).
 */
class ArchitectureTest extends ServiceArchitectureTest {

  ArchitectureTest() {
    super(
        "io.strata.remediator",
        List.of(
            "io.strata.remediator.core",
            "io.strata.remediator.core.plan",
            "io.strata.remediator.core.guard",
            "io.strata.remediator.core.execute",
            "io.strata.remediator.core.patch",
            "io.strata.remediator.core.review",
            "io.strata.remediator.core.journal",
            "io.strata.remediator.core.cluster",
            "io.strata.remediator.core.teams",
            "io.strata.remediator.core.pagerduty",
            "io.strata.remediator.core.policy.backtest",
            "io.strata.remediator.mechanisms"),
        List.of(
            "io.strata.remediator.api",
            "io.strata.remediator.config",
            "io.strata.remediator.health",
            "io.strata.remediator.kafka",
            "io.strata.remediator.kube",
            "io.strata.remediator.pagerduty",
            "io.strata.remediator.slack",
            "io.strata.remediator.teams"),
        List.of());
  }
}
