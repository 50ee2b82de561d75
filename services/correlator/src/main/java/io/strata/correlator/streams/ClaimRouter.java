package io.strata.correlator.streams;

import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.ClaimState;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Routes DRA claim states to the node their allocation is on (the allocation's node, else the
 * device pool, which GPU drivers name after the node), remembering the last state for tombstones.
 */
final class ClaimRouter implements Processor<String, ClaimState, String, Routed> {

  private ProcessorContext<String, Routed> context;
  private KeyValueStore<String, ClaimState> routes;

  @Override
  public void init(ProcessorContext<String, Routed> context) {
    this.context = context;
    this.routes = context.getStateStore(StoreNames.CLAIM_ROUTES);
  }

  @Override
  public void process(Record<String, ClaimState> record) {
    String claimKey = record.key();
    if (claimKey == null) {
      throw new IllegalArgumentException("a claim state without key cannot be routed");
    }
    ClaimState previous = routes.get(claimKey);
    ClaimState current = record.value();
    String previousNode = nodeKey(previous);
    String currentNode = nodeKey(current);
    if (previousNode != null && !previousNode.equals(currentNode)) {
      context.forward(
          record
              .withKey(previousNode)
              .withValue(new Routed.ToNode(NodeInput.claim(claimKey, null))));
    }
    if (currentNode != null) {
      context.forward(
          record
              .withKey(currentNode)
              .withValue(new Routed.ToNode(NodeInput.claim(claimKey, current))));
    }
    if (current == null) {
      routes.delete(claimKey);
    } else {
      routes.put(claimKey, current);
    }
  }

  static String nodeKey(ClaimState claim) {
    if (claim == null || claim.cluster() == null) {
      return null;
    }
    String node = claim.node();
    if (node == null) {
      node =
          claim.devices().stream()
              .map(AllocatedDevice::pool)
              .filter(pool -> pool != null && !pool.isBlank())
              .findFirst()
              .orElse(null);
    }
    return node == null ? null : RoutingKeys.node(claim.cluster(), node);
  }
}
