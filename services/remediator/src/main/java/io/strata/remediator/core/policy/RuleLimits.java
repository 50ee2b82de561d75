package io.strata.remediator.core.policy;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What an AUTO rule may do on its own; beyond a limit its actions are proposed instead.
 *
 * @param maxPerHour actions the rule approves in any sliding hour
 * @param hours the hours of the day it may approve in
 * @param wave the fraction of a node pool (the blast radius's pool label) whose nodes may be under
 *     the rule's actions at once; at least one node
 */
public record RuleLimits(OptionalInt maxPerHour, Optional<HourWindow> hours, OptionalDouble wave) {

  public static final RuleLimits NONE =
      new RuleLimits(OptionalInt.empty(), Optional.empty(), OptionalDouble.empty());
}
