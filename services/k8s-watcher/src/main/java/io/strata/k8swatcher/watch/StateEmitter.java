package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.strata.events.Correlation;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.k8swatcher.dra.ClaimMapper;
import io.strata.k8swatcher.dra.DeviceCatalog;
import io.strata.k8swatcher.dra.DraClaim;
import io.strata.k8swatcher.dra.DraSlice;
import io.strata.k8swatcher.identity.WorkloadIdentity;
import io.strata.k8swatcher.identity.WorkloadResolver;
import io.strata.k8swatcher.mapping.EventMapper;
import io.strata.k8swatcher.mapping.EventSelection;
import io.strata.k8swatcher.mapping.EventSelection.Involved;
import io.strata.k8swatcher.mapping.Identity;
import io.strata.k8swatcher.mapping.NodeMapper;
import io.strata.k8swatcher.mapping.PodInterest;
import io.strata.k8swatcher.mapping.PodMapper;
import io.strata.kafka.publish.OutboundRecord;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Maps Kubernetes objects to records and hands them to the publisher; what the informer callbacks
 * call. Reads the caches for what a record refers to (the node of a pod, the owners of its
 * controller, the slices of a claim's devices).
 *
 * <p>Mapping and handing off are one step under one lock: a pod mapped while its node was not
 * cached yet, racing the node's arrival (which maps the node's pods again), must not overtake the
 * newer mapping in the buffer.
 */
final class StateEmitter {

  /** Everything the emitter maps with. */
  record Mappers(
      String cluster,
      PodInterest interest,
      PodMapper pods,
      NodeMapper nodes,
      ClaimMapper claims,
      EventMapper events,
      EventSelection eventSelection) {}

  private final Mappers mappers;
  private final ClusterCaches caches;
  private final WorkloadResolver resolver;
  private final DeviceCatalog catalog;
  private final Consumer<OutboundRecord> publisher;
  private final Clock clock;
  private final WatchMetrics metrics;

  StateEmitter(
      Mappers mappers,
      ClusterCaches caches,
      DeviceCatalog catalog,
      Consumer<OutboundRecord> publisher,
      Clock clock,
      WatchMetrics metrics) {
    this.mappers = mappers;
    this.caches = caches;
    this.resolver = new WorkloadResolver(caches);
    this.catalog = catalog;
    this.publisher = publisher;
    this.clock = clock;
    this.metrics = metrics;
  }

  synchronized void pod(Pod pod) {
    if (mappers.interest().test(pod)) {
      publisher.accept(OutboundRecord.state(Topics.K8S_PODS, podKey(pod), podState(pod)));
    }
  }

  synchronized void podDeleted(Pod pod) {
    if (mappers.interest().test(pod)) {
      publisher.accept(OutboundRecord.tombstone(Topics.K8S_PODS, podKey(pod)));
    }
  }

  synchronized void podsOnNode(String node) {
    caches.podsOnNode(node).forEach(this::pod);
  }

  synchronized void podsOwnedBy(String ownerUid) {
    caches.podsOwnedBy(ownerUid).forEach(this::pod);
  }

  synchronized void node(Node node) {
    publisher.accept(
        OutboundRecord.state(
            Topics.K8S_NODES, nodeKey(node), mappers.nodes().map(node, clock.instant())));
  }

  synchronized void nodeDeleted(Node node) {
    publisher.accept(OutboundRecord.tombstone(Topics.K8S_NODES, nodeKey(node)));
  }

  String acceleratorType(Node node) {
    return mappers.nodes().acceleratorType(node);
  }

  synchronized void claim(DraClaim claim) {
    publisher.accept(
        OutboundRecord.state(
            Topics.K8S_CLAIMS,
            Keys.claim(mappers.cluster(), claim.namespace(), claim.name()),
            mappers.claims().map(claim, catalog, clock.instant())));
  }

  synchronized void claimDeleted(DraClaim claim) {
    publisher.accept(
        OutboundRecord.tombstone(
            Topics.K8S_CLAIMS, Keys.claim(mappers.cluster(), claim.namespace(), claim.name())));
  }

  /** A slice changed: claims allocated from its pools get their device UUIDs and taints again. */
  synchronized void slice(DraSlice slice) {
    catalog.put(slice).forEach(pool -> caches.claimsInPool(pool).forEach(this::claim));
  }

  synchronized void sliceDeleted(String sliceName) {
    catalog.remove(sliceName).ifPresent(pool -> caches.claimsInPool(pool).forEach(this::claim));
  }

  synchronized void event(Event event) {
    Identity.require(event);
    Optional<Pod> pod = involvedPod(event);
    Involved involved = classify(event, pod);
    if (!mappers.eventSelection().publish(event.getReason(), involved)) {
      metrics.eventSkipped();
      return;
    }
    Correlation identity =
        pod.filter(p -> involved == Involved.POD_OF_INTEREST)
            .map(p -> mappers.pods().correlation(p, resolver.resolve(p), acceleratorOf(p)))
            .orElseGet(() -> mappers.events().partialIdentity(event));
    WorkloadEvent record = mappers.events().map(event, identity, clock.instant());
    String occurrence =
        event.getMetadata().getUid() != null
            ? event.getMetadata().getUid()
            : event.getMetadata().getNamespace() + "/" + event.getMetadata().getName();
    publisher.accept(
        OutboundRecord.occurrence(
            Topics.K8S_EVENTS, mappers.events().key(event), occurrence, record));
  }

  /** Keys of the pods of interest in the cache: what the pods topic should hold. */
  Set<String> currentPodKeys() {
    return caches.pods.list().stream()
        .filter(mappers.interest()::test)
        .map(this::podKey)
        .collect(Collectors.toSet());
  }

  Set<String> currentNodeKeys() {
    return caches.nodes.list().stream().map(this::nodeKey).collect(Collectors.toSet());
  }

  Set<String> currentClaimKeys() {
    return caches.allClaims().stream()
        .map(c -> Keys.claim(mappers.cluster(), c.namespace(), c.name()))
        .collect(Collectors.toSet());
  }

  synchronized void tombstone(Topic<String, ?> topic, String key) {
    publisher.accept(OutboundRecord.tombstone(topic, key));
  }

  private PodState podState(Pod pod) {
    WorkloadIdentity identity = resolver.resolve(pod);
    return mappers.pods().map(pod, identity, acceleratorOf(pod), clock.instant());
  }

  private String acceleratorOf(Pod pod) {
    String nodeName = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
    return caches.node(nodeName).map(mappers.nodes()::acceleratorType).orElse(null);
  }

  private Optional<Pod> involvedPod(Event event) {
    if (event.getInvolvedObject() == null
        || !"Pod".equals(event.getInvolvedObject().getKind())
        || event.getInvolvedObject().getNamespace() == null) {
      return Optional.empty();
    }
    return caches.pod(
        event.getInvolvedObject().getNamespace(), event.getInvolvedObject().getName());
  }

  private Involved classify(Event event, Optional<Pod> pod) {
    String kind = event.getInvolvedObject() == null ? null : event.getInvolvedObject().getKind();
    if ("Pod".equals(kind)) {
      return pod.map(
              p ->
                  mappers.interest().test(p)
                      ? Involved.POD_OF_INTEREST
                      : Involved.POD_NOT_OF_INTEREST)
          .orElse(Involved.POD_UNKNOWN);
    }
    return "ResourceClaim".equals(kind) ? Involved.RESOURCE_CLAIM : Involved.OTHER;
  }

  private String podKey(Pod pod) {
    Identity.requireNamespaced(pod);
    return Keys.pod(
        mappers.cluster(), pod.getMetadata().getNamespace(), pod.getMetadata().getName());
  }

  private String nodeKey(Node node) {
    Identity.require(node);
    return Keys.node(mappers.cluster(), node.getMetadata().getName());
  }
}
