package io.strata.remediator.core.policy;

import io.strata.events.Correlation;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.UndoTypes;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An AUTO rule's own limits, counted over the journal (so they survive restarts): actions the rule
 * approved in the last hour, the hours of the day, and the share of a node pool under the rule's
 * actions that are in force (approved, executing or executed, and not undone).
 */
public final class AutoLimits {

  private static final Duration HOUR = Duration.ofHours(1);

  private AutoLimits() {}

  /**
   * @param node the node the action concerns, null for none
   * @param pools node name → pool, as the census reads them
   */
  public static Optional<Held> check(
      PolicyRule rule, String node, Map<String, String> pools, ActionStore store, Instant now) {
    RuleLimits limits = rule.limits();
    if (limits.hours().isPresent() && !limits.hours().get().contains(now)) {
      return held(Held.Limit.HOURS, "acts only " + limits.hours().get());
    }
    if (limits.maxPerHour().isPresent()) {
      long recent =
          store.all().stream()
              .filter(a -> byRule(a, rule) && !UndoTypes.isUndo(a.type()))
              .filter(a -> a.approvedAt() != null && a.approvedAt().isAfter(now.minus(HOUR)))
              .count();
      if (recent >= limits.maxPerHour().getAsInt()) {
        return held(
            Held.Limit.MAX_PER_HOUR,
            recent + " approved in the last hour; at most " + limits.maxPerHour().getAsInt());
      }
    }
    if (limits.wave().isPresent()) {
      return wave(rule, limits.wave().getAsDouble(), node, pools, store);
    }
    return Optional.empty();
  }

  private static Optional<Held> wave(
      PolicyRule rule, double fraction, String node, Map<String, String> pools, ActionStore store) {
    String pool = node == null ? null : pools.get(node);
    if (pool == null) {
      return held(Held.Limit.WAVE, "node " + node + " is in no pool the census knows");
    }
    long size = pools.values().stream().filter(pool::equals).count();
    long allowed = Math.max(1, (long) Math.floor(fraction * size));
    Set<String> under = new HashSet<>();
    for (RemediationAction a : store.all()) {
      String other = nodeOf(a);
      if (byRule(a, rule) && inForce(a, store) && other != null && pool.equals(pools.get(other))) {
        under.add(other);
      }
    }
    if (!under.contains(node) && under.size() >= allowed) {
      return held(
          Held.Limit.WAVE,
          under.size()
              + " of the "
              + size
              + " nodes of pool "
              + pool
              + " are under this rule's actions; the wave allows "
              + allowed);
    }
    return Optional.empty();
  }

  /** The node an action concerns: its target when that is a node, else its incident's node. */
  public static String nodeOf(RemediationAction a) {
    return nodeOf(a.target(), a.correlation());
  }

  /** The node a step on {@code target} concerns: the target if a node, else the correlated one. */
  public static String nodeOf(TargetRef target, Correlation correlation) {
    if (target != null && "Node".equals(target.kind())) {
      return target.name();
    }
    return correlation.node();
  }

  private static boolean byRule(RemediationAction a, PolicyRule rule) {
    return a.policy() != null
        && a.policy().mode() == PolicyMode.AUTO
        && rule.name().equals(a.policy().rule())
        && a.approvalChannel() == ApprovalChannel.POLICY;
  }

  private static boolean inForce(RemediationAction a, ActionStore store) {
    boolean active =
        a.state() == ActionState.APPROVED
            || a.state() == ActionState.EXECUTING
            || a.state() == ActionState.EXECUTED;
    boolean undone =
        store
            .latest(ActionIds.undoOf(a.actionId()))
            .filter(u -> u.state() == ActionState.EXECUTED)
            .isPresent();
    return active && !undone;
  }

  private static Optional<Held> held(Held.Limit limit, String message) {
    return Optional.of(new Held(limit, message));
  }
}
