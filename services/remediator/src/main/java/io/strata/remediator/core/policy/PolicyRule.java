package io.strata.remediator.core.policy;

import io.strata.events.remediation.PolicyMode;

/**
 * One rule of a policy: when {@code match} holds for a planned action, the action gets {@code
 * mode}. Rules are tried in order; the first that matches decides.
 *
 * @param match the CEL expression as written
 */
public record PolicyRule(
    String name, String match, CelMatch compiled, PolicyMode mode, RuleLimits limits) {}
