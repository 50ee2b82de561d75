package io.strata.remediator.core.policy;

import dev.cel.runtime.CelEvaluationException;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.remediator.core.journal.ActionStore;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Tries a policy's rules in order against one planned action; the first whose match holds decides
 * its mode, an AUTO rule within its {@link AutoLimits}. A match that fails to evaluate (a label the
 * node lacks, read without {@code in}) does not match, and is reported to {@code onError}.
 */
public final class PolicyEvaluator {

  private PolicyEvaluator() {}

  public static PolicyVerdict decide(
      RemediationPolicy policy,
      Map<String, Object> facts,
      String node,
      Map<String, String> pools,
      ActionStore store,
      Instant now,
      BiConsumer<PolicyRule, CelEvaluationException> onError) {
    for (PolicyRule rule : policy.rules()) {
      boolean matches;
      try {
        matches = rule.compiled().matches(facts);
      } catch (CelEvaluationException e) {
        onError.accept(rule, e);
        matches = false;
      }
      if (!matches) {
        continue;
      }
      if (rule.mode() != PolicyMode.AUTO) {
        return new PolicyVerdict(new PolicyRef(rule.name(), rule.mode()), Optional.empty());
      }
      Optional<Held> held = AutoLimits.check(rule, node, pools, store, now);
      PolicyMode mode = held.isPresent() ? PolicyMode.PROPOSE : PolicyMode.AUTO;
      return new PolicyVerdict(new PolicyRef(rule.name(), mode), held);
    }
    return new PolicyVerdict(new PolicyRef(null, policy.defaultMode()), Optional.empty());
  }
}
