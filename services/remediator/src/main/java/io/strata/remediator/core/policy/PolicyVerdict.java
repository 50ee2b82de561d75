package io.strata.remediator.core.policy;

import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import java.util.Optional;

/**
 * What a policy decided for one planned action.
 *
 * @param ref the rule that matched (null name for the default) and the mode the action gets: an
 *     AUTO rule held back by one of its limits gives PROPOSE
 * @param held the limit that held an AUTO rule back, if one did
 */
public record PolicyVerdict(PolicyRef ref, Optional<Held> held) {

  public PolicyMode mode() {
    return ref.mode();
  }

  /** The rule's name, or {@code default}. */
  public String ruleName() {
    return ref.rule() == null ? "default" : ref.rule();
  }
}
