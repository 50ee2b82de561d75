package io.strata.deviceingest.shard;

import java.util.List;

/**
 * One replica's view of the live members: it scrapes a target when it is the rendezvous owner of
 * the target's node (so all exporters of a node, and so its GPUs' samples and XIDs, stay with one
 * replica). An empty member list (not registered yet, or membership lost) owns nothing; a view
 * without sharding owns everything.
 */
public record ShardView(String self, List<String> members) {

  public ShardView {
    members = List.copyOf(members);
  }

  /** Sharding off: this replica scrapes every target. */
  public static ShardView everything() {
    return new ShardView(null, List.of());
  }

  public boolean sharded() {
    return self != null;
  }

  public boolean owns(String node) {
    return !sharded() || self.equals(RendezvousHash.owner(node, members));
  }
}
