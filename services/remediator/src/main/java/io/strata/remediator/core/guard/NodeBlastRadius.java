package io.strata.remediator.core.guard;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.cluster.TargetGateway.NodeCensus;
import io.strata.remediator.core.journal.ActionStore;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The blast radius of a cordon (ADR 009, 012): counts nodes, not actions, and over a denominator
 * that cannot shrink with the failure.
 *
 * <ul>
 *   <li>NODES_IN_WINDOW: the distinct nodes Strata started quarantining within the window (another
 *       incident's cordon of a node already counted is not a second node);
 *   <li>NODE_SHARE: every GPU node out of service (cordoned, quarantined, NotReady, tainted),
 *       whoever took it out, plus the nodes Strata quarantined even if they no longer match the GPU
 *       selector, over the largest of the configured fleet size, the largest count seen within the
 *       window and the nodes known now;
 *   <li>POOL_SHARE: the same within the target's pool, when a pool label is configured.
 * </ul>
 */
final class NodeBlastRadius {

  private final GuardSettings settings;
  private final ObservedMaximum observed;

  NodeBlastRadius(GuardSettings settings) {
    this.settings = settings;
    this.observed = new ObservedMaximum(settings.blastRadiusWindow());
  }

  Optional<Refusal> check(
      RemediationAction action, ActionStore store, NodeCensus census, Instant now) {
    String node = action.target() == null ? null : action.target().name();
    Set<String> recent = startedWithinWindow(action, store, now);
    if (!recent.contains(node) && recent.size() + 1 > settings.maxCordonedNodes()) {
      return refuse(
          BlastRadiusLimit.NODES_IN_WINDOW,
          recent.size()
              + " node(s) already cordoned within "
              + settings.blastRadiusWindow()
              + " ("
              + String.join(", ", recent)
              + "); the limit is "
              + settings.maxCordonedNodes());
    }
    if (census.total() == 0 && settings.gpuNodes() == 0) {
      return refuse(BlastRadiusLimit.NO_GPU_NODES, "no GPU nodes match the selector");
    }
    Set<String> quarantined = quarantinedByStrata(action, store);
    Set<String> known = union(census.names(), quarantined, Set.of(node));
    int denominator = Math.max(settings.gpuNodes(), observed.observe("", known.size(), now));
    Set<String> out = union(census.out(), quarantined, Set.of(node));
    if (exceeds(out.size(), denominator)) {
      return refuse(
          BlastRadiusLimit.NODE_SHARE,
          "cordoning would leave "
              + out.size()
              + " of "
              + denominator
              + " GPU nodes out of service (cordoned, quarantined, NotReady or tainted); the limit"
              + " is "
              + settings.maxUnschedulablePercent()
              + "%");
    }
    return poolShare(node, census, out, now);
  }

  private Optional<Refusal> poolShare(
      String node, NodeCensus census, Set<String> out, Instant now) {
    String pool = census.pools().get(node);
    if (settings.poolLabel().isEmpty() || pool == null) {
      return Optional.empty();
    }
    Set<String> members =
        census.pools().entrySet().stream()
            .filter(e -> pool.equals(e.getValue()))
            .map(java.util.Map.Entry::getKey)
            .collect(Collectors.toCollection(TreeSet::new));
    int denominator = observed.observe("pool:" + pool, members.size(), now);
    long outInPool = out.stream().filter(members::contains).count();
    if (exceeds(outInPool, denominator)) {
      return refuse(
          BlastRadiusLimit.POOL_SHARE,
          "cordoning would leave "
              + outInPool
              + " of "
              + denominator
              + " GPU nodes of pool "
              + settings.poolLabel().get()
              + "="
              + pool
              + " out of service; the limit is "
              + settings.maxUnschedulablePercent()
              + "%");
    }
    return Optional.empty();
  }

  private boolean exceeds(long out, int denominator) {
    return out * 100 > (long) settings.maxUnschedulablePercent() * denominator;
  }

  private Set<String> startedWithinWindow(
      RemediationAction action, ActionStore store, Instant now) {
    Instant since = now.minus(settings.blastRadiusWindow());
    return store.all().stream()
        .filter(a -> isOtherCordon(a, action))
        .filter(
            a ->
                store
                    .firstTime(a.actionId(), ActionState.EXECUTING)
                    .filter(t -> !t.isBefore(since))
                    .isPresent())
        .map(a -> a.target().name())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Nodes whose cordon by Strata is in effect (executing or executed, not reverted). */
  private static Set<String> quarantinedByStrata(RemediationAction action, ActionStore store) {
    return store.all().stream()
        .filter(a -> isOtherCordon(a, action))
        .filter(a -> a.state() == ActionState.EXECUTING || a.state() == ActionState.EXECUTED)
        .map(a -> a.target().name())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static boolean isOtherCordon(RemediationAction a, RemediationAction action) {
    return a.type() == ActionType.CORDON_NODE
        && !a.dryRun()
        && a.target() != null
        && !a.actionId().equals(action.actionId());
  }

  @SafeVarargs
  private static Set<String> union(Set<String>... sets) {
    Set<String> all = new TreeSet<>();
    for (Set<String> s : sets) {
      s.stream().filter(java.util.Objects::nonNull).forEach(all::add);
    }
    return all;
  }

  static Optional<Refusal> refuse(BlastRadiusLimit limit, String message) {
    return Optional.of(new Refusal(ActionOutcomeReason.BLAST_RADIUS_LIMIT, limit + ": " + message));
  }
}
