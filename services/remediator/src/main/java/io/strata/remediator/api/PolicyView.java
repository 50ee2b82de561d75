package io.strata.remediator.api;

import io.strata.events.remediation.PolicyMode;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.core.policy.PolicyRule;
import io.strata.remediator.core.policy.RuleLimits;
import java.time.Instant;
import java.util.List;

/** The policy in force and the last refused document, as GET /api/policy shows them. */
record PolicyView(
    String version,
    String source,
    Instant since,
    PolicyMode defaultMode,
    List<RuleView> rules,
    ActivePolicy.Refusal lastRefusal) {

  record RuleView(
      String name, String match, PolicyMode mode, Integer maxPerHour, String hours, Double wave) {}

  static PolicyView of(ActivePolicy active) {
    ActivePolicy.InForce now = active.inForce();
    return new PolicyView(
        now.policy().version(),
        now.source(),
        now.since(),
        now.policy().defaultMode(),
        now.policy().rules().stream().map(PolicyView::rule).toList(),
        active.lastRefusal().orElse(null));
  }

  private static RuleView rule(PolicyRule rule) {
    RuleLimits limits = rule.limits();
    return new RuleView(
        rule.name(),
        rule.match(),
        rule.mode(),
        limits.maxPerHour().isPresent() ? limits.maxPerHour().getAsInt() : null,
        limits.hours().map(Object::toString).orElse(null),
        limits.wave().isPresent() ? limits.wave().getAsDouble() : null);
  }
}
