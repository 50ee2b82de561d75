package io.strata.events.remediation;

/**
 * The policy rule that decided what became of an action, and the mode it chose.
 *
 * @param rule the rule's name; null when no rule matched and the policy's default applied
 * @param mode the mode the action was given
 */
public record PolicyRef(String rule, PolicyMode mode) {

  public PolicyRef {
    mode = mode == null ? PolicyMode.UNSPECIFIED : mode;
  }
}
