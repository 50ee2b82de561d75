package io.strata.remediator.core.policy;

import io.strata.events.remediation.PolicyMode;
import java.util.List;

/**
 * An ordered list of rules and the mode of an action no rule matches.
 *
 * @param version a digest of the document it was read from, to tell policies apart in logs and the
 *     API
 */
public record RemediationPolicy(List<PolicyRule> rules, PolicyMode defaultMode, String version) {

  /** Without a policy: every action proposed for approval, as before policies existed. */
  public static final RemediationPolicy DEFAULT =
      new RemediationPolicy(List.of(), PolicyMode.PROPOSE, "default");

  public RemediationPolicy {
    rules = List.copyOf(rules);
  }
}
