package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.strata.k8swatcher.dra.DraApiVersion;
import io.strata.k8swatcher.dra.DraClaim;
import io.strata.k8swatcher.dra.DraSlice;
import io.strata.k8swatcher.identity.OwnerLookup;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Every informer k8s-watcher runs, and the cache reads the mapping needs: a pod's node and owners,
 * the pods on a node or under an owner, the claims drawing from a device pool.
 */
final class ClusterCaches implements OwnerLookup {

  static final String NODE_INDEX = "node";
  static final String OWNER_INDEX = "owner";

  final ScopedInformers<Pod> pods;
  final ScopedInformers<Node> nodes;
  final ScopedInformers<Event> events;
  final ScopedInformers<ReplicaSet> replicaSets;
  final ScopedInformers<Job> jobs;
  final DraWatch<?, ?> dra;

  ClusterCaches(
      ScopedInformers<Pod> pods,
      ScopedInformers<Node> nodes,
      ScopedInformers<Event> events,
      ScopedInformers<ReplicaSet> replicaSets,
      ScopedInformers<Job> jobs,
      DraWatch<?, ?> dra) {
    this.pods = pods;
    this.nodes = nodes;
    this.events = events;
    this.replicaSets = replicaSets;
    this.jobs = jobs;
    this.dra = dra;
    pods.index(
        NODE_INDEX,
        pod ->
            pod.getSpec() == null || pod.getSpec().getNodeName() == null
                ? List.of()
                : List.of(pod.getSpec().getNodeName()));
    pods.index(OWNER_INDEX, ClusterCaches::ownerUids);
  }

  @Override
  public Optional<List<OwnerReference>> ownersOf(String kind, String namespace, String name) {
    Optional<? extends HasMetadata> owner =
        switch (kind) {
          case "ReplicaSet" -> replicaSets.get(namespace, name);
          case "Job" -> jobs.get(namespace, name);
          default -> Optional.empty();
        };
    return owner.map(
        o ->
            o.getMetadata().getOwnerReferences() == null
                ? List.of()
                : o.getMetadata().getOwnerReferences());
  }

  Optional<Pod> pod(String namespace, String name) {
    return pods.get(namespace, name);
  }

  Optional<Node> node(String name) {
    return name == null ? Optional.empty() : nodes.get(null, name);
  }

  List<Pod> podsOnNode(String node) {
    return pods.byIndex(NODE_INDEX, node);
  }

  List<Pod> podsOwnedBy(String ownerUid) {
    return pods.byIndex(OWNER_INDEX, ownerUid);
  }

  List<DraClaim> claimsInPool(String poolKey) {
    return dra == null ? List.of() : dra.claimsInPool(poolKey);
  }

  List<DraClaim> allClaims() {
    return dra == null ? List.of() : dra.allClaims();
  }

  List<DraSlice> allSlices() {
    return dra == null ? List.of() : dra.allSlices();
  }

  DraApiVersion draVersion() {
    return dra == null ? DraApiVersion.NONE : dra.version();
  }

  List<ScopedInformers<?>> all() {
    List<ScopedInformers<?>> all = new ArrayList<>(List.of(nodes, replicaSets, jobs, pods, events));
    if (dra != null) {
      all.addAll(dra.informers());
    }
    return all;
  }

  /**
   * Owners first, then nodes and slices, then the objects that refer to them, so the first mapping
   * of a pod or a claim usually finds what it refers to (a late arrival re-maps them).
   */
  CompletionStage<Void> start() {
    CompletableFuture<Void> referenced =
        CompletableFuture.allOf(
            nodes.start().toCompletableFuture(),
            replicaSets.start().toCompletableFuture(),
            jobs.start().toCompletableFuture());
    return referenced
        .thenCompose(v -> pods.start())
        .thenCompose(
            v ->
                CompletableFuture.allOf(
                    events.start().toCompletableFuture(),
                    dra == null
                        ? CompletableFuture.completedFuture(null)
                        : dra.start().toCompletableFuture()));
  }

  void stop() {
    all().forEach(ScopedInformers::stop);
  }

  private static List<String> ownerUids(Pod pod) {
    List<OwnerReference> owners = pod.getMetadata().getOwnerReferences();
    return owners == null
        ? List.of()
        : owners.stream().map(OwnerReference::getUid).filter(Objects::nonNull).toList();
  }
}
