package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * What k8s-watcher keeps of each object in its informer caches: exactly the fields the mappers, the
 * interest test, the workload resolver and the cache indexes read, nothing else. A pod's env,
 * volumes, probes, managed fields and last-applied annotation, a node's image list: none of it is
 * ever mapped, and at 12,500 GPU pods it is most of the heap (docs/benchmarks.md).
 *
 * <p>Each method trims in place and returns the same object: the informer hands the object it
 * cached to the event handlers (fabric8 defers the initial adds and serves resyncs from its store),
 * so every handler sees the trimmed object whether it came from a list, a watch or a resync.
 */
public final class CachedFields {

  private final Set<String> podAnnotationKeys;

  /**
   * @param podAnnotationKeys the pod annotations the mapping reads (model version and queue keys);
   *     every other annotation is dropped
   */
  public CachedFields(List<String> podAnnotationKeys) {
    this.podAnnotationKeys = Set.copyOf(podAnnotationKeys);
  }

  /** Identity, labels, owners, the GPU requests, the claims and the status the pod state maps. */
  public Pod pod(Pod pod) {
    pod.setMetadata(metadata(pod.getMetadata(), podAnnotationKeys));
    PodSpec spec = pod.getSpec();
    if (spec != null) {
      PodSpec kept = new PodSpec();
      kept.setNodeName(spec.getNodeName());
      kept.setResourceClaims(spec.getResourceClaims());
      kept.setContainers(each(spec.getContainers(), c -> container(c, true)));
      kept.setInitContainers(each(spec.getInitContainers(), c -> container(c, false)));
      pod.setSpec(kept);
    }
    PodStatus status = pod.getStatus();
    if (status != null) {
      PodStatus kept = new PodStatus();
      kept.setPhase(status.getPhase());
      kept.setConditions(status.getConditions());
      kept.setContainerStatuses(each(status.getContainerStatuses(), CachedFields::containerStatus));
      kept.setResourceClaimStatuses(status.getResourceClaimStatuses());
      pod.setStatus(kept);
    }
    return pod;
  }

  /** Labels, cordon, taints, conditions and GPU capacity; not the image list or node info. */
  public Node node(Node node) {
    node.setMetadata(metadata(node.getMetadata(), Set.of()));
    NodeSpec spec = node.getSpec();
    if (spec != null) {
      NodeSpec kept = new NodeSpec();
      kept.setUnschedulable(spec.getUnschedulable());
      kept.setTaints(spec.getTaints());
      node.setSpec(kept);
    }
    NodeStatus status = node.getStatus();
    if (status != null) {
      NodeStatus kept = new NodeStatus();
      kept.setConditions(status.getConditions());
      kept.setCapacity(status.getCapacity());
      kept.setAllocatable(status.getAllocatable());
      node.setStatus(kept);
    }
    return node;
  }

  /** An event is mapped whole; only its metadata carries what is never read. */
  public Event event(Event event) {
    event.setMetadata(metadata(event.getMetadata(), Set.of()));
    event.setRelated(null);
    event.setReportingInstance(null);
    event.setAction(null);
    return event;
  }

  /**
   * ReplicaSets are cached for their owner references alone (a pod's Deployment): spec and status
   * go, the pod template with them.
   */
  public ReplicaSet replicaSet(ReplicaSet replicaSet) {
    replicaSet.setMetadata(metadata(replicaSet.getMetadata(), Set.of()));
    replicaSet.setSpec(null);
    replicaSet.setStatus(null);
    return replicaSet;
  }

  /** Jobs likewise, for a pod's CronJob. */
  public Job job(Job job) {
    job.setMetadata(metadata(job.getMetadata(), Set.of()));
    job.setSpec(null);
    job.setStatus(null);
    return job;
  }

  /** A v1 claim's allocation and consumers; not its requests or per-device status. */
  public io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim(
      io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim) {
    claim.setMetadata(metadata(claim.getMetadata(), Set.of()));
    claim.setSpec(null);
    if (claim.getStatus() != null) {
      claim.getStatus().setDevices(null);
    }
    return claim;
  }

  /** The same for a v1beta1 claim. */
  public io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaim claim(
      io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaim claim) {
    claim.setMetadata(metadata(claim.getMetadata(), Set.of()));
    claim.setSpec(null);
    if (claim.getStatus() != null) {
      claim.getStatus().setDevices(null);
    }
    return claim;
  }

  /** Any other kind (ResourceSlices: one per node, mapped whole): metadata trimmed only. */
  public <T extends HasMetadata> T metadataOnly(T object) {
    object.setMetadata(metadata(object.getMetadata(), Set.of()));
    return object;
  }

  /** Name, namespace, uid, version, creation time, labels, owners, the given annotations. */
  public static ObjectMeta metadata(ObjectMeta metadata, Set<String> annotationKeys) {
    if (metadata == null) {
      return null;
    }
    ObjectMeta kept = new ObjectMeta();
    kept.setName(metadata.getName());
    kept.setNamespace(metadata.getNamespace());
    kept.setUid(metadata.getUid());
    kept.setResourceVersion(metadata.getResourceVersion());
    kept.setCreationTimestamp(metadata.getCreationTimestamp());
    kept.setLabels(metadata.getLabels());
    kept.setOwnerReferences(metadata.getOwnerReferences());
    Map<String, String> annotations = metadata.getAnnotations();
    if (annotations != null && !annotationKeys.isEmpty()) {
      Map<String, String> selected = new LinkedHashMap<>();
      annotationKeys.stream()
          .filter(annotations::containsKey)
          .forEach(key -> selected.put(key, annotations.get(key)));
      kept.setAnnotations(selected.isEmpty() ? null : selected);
    }
    return kept;
  }

  /** Name and GPU resources; an app container's image too (ContainerState.image). */
  private static Container container(Container container, boolean app) {
    Container kept = new Container();
    kept.setName(container.getName());
    kept.setResources(container.getResources());
    if (app) {
      kept.setImage(container.getImage());
    }
    return kept;
  }

  /** Restarts, readiness, terminations (current and previous) and device health. */
  private static ContainerStatus containerStatus(ContainerStatus status) {
    ContainerStatus kept = new ContainerStatus();
    kept.setName(status.getName());
    kept.setRestartCount(status.getRestartCount());
    kept.setReady(status.getReady());
    kept.setState(terminatedOnly(status.getState()));
    kept.setLastState(terminatedOnly(status.getLastState()));
    kept.setAllocatedResourcesStatus(status.getAllocatedResourcesStatus());
    return kept;
  }

  private static ContainerState terminatedOnly(ContainerState state) {
    if (state == null || state.getTerminated() == null) {
      return null;
    }
    ContainerState kept = new ContainerState();
    kept.setTerminated(state.getTerminated());
    return kept;
  }

  private static <T> List<T> each(List<T> items, UnaryOperator<T> keep) {
    return items == null ? null : items.stream().map(keep).toList();
  }
}
