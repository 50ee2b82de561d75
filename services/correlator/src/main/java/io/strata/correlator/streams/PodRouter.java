package io.strata.correlator.streams;

import io.strata.correlator.core.state.PodBrief;
import io.strata.events.k8s.PodState;
import java.util.Objects;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Routes pod states (compacted, tombstone on delete) to the node and workload that hold the pod. It
 * remembers each pod's last state, so a tombstone, or a pod that changed node or workload, reaches
 * the place that must forget it.
 */
final class PodRouter implements Processor<String, PodState, String, Routed> {

  private ProcessorContext<String, Routed> context;
  private KeyValueStore<String, PodState> routes;

  @Override
  public void init(ProcessorContext<String, Routed> context) {
    this.context = context;
    this.routes = context.getStateStore(StoreNames.POD_ROUTES);
  }

  @Override
  public void process(Record<String, PodState> record) {
    String podKey = record.key();
    if (podKey == null) {
      throw new IllegalArgumentException("a pod state without key cannot be routed");
    }
    PodState previous = routes.get(podKey);
    PodState current = record.value();
    String previousNode = nodeKey(previous);
    String currentNode = nodeKey(current);
    String previousWorkload =
        previous == null ? null : RoutingKeys.workload(previous.correlation());
    String currentWorkload = current == null ? null : RoutingKeys.workload(current.correlation());
    if (previousNode != null && !previousNode.equals(currentNode)) {
      forward(record, previousNode, new Routed.ToNode(NodeInput.pod(podKey, null)));
    }
    if (currentNode != null) {
      forward(record, currentNode, new Routed.ToNode(NodeInput.pod(podKey, current)));
    }
    if (previousWorkload != null && !Objects.equals(previousWorkload, currentWorkload)) {
      forward(record, previousWorkload, new Routed.ToWorkload(WorkloadInput.podRemoved(podKey)));
    }
    if (currentWorkload != null) {
      forward(
          record,
          currentWorkload,
          new Routed.ToWorkload(WorkloadInput.pod(PodBrief.of(podKey, current))));
    }
    if (current == null) {
      routes.delete(podKey);
    } else {
      routes.put(podKey, current);
    }
  }

  private void forward(Record<String, PodState> record, String key, Routed value) {
    context.forward(record.withKey(key).withValue(value));
  }

  private static String nodeKey(PodState pod) {
    if (pod == null || pod.correlation().cluster() == null || pod.correlation().node() == null) {
      return null;
    }
    return RoutingKeys.node(pod.correlation().cluster(), pod.correlation().node());
  }
}
