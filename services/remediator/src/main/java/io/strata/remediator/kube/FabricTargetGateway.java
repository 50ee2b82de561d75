package io.strata.remediator.kube;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.ApiResource;
import io.strata.remediator.core.cluster.ApiVersions;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.JsonPatches;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.mechanisms.Kinds;
import io.strata.remediator.mechanisms.WorkloadChain;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The remediator's Kubernetes access through fabric8: get, patch (each merge patch sent as its
 * exact JSON Patch), list. Every kind is addressed at the version API discovery picks, whatever
 * version a reference names ({@link ServedObjects}, ADR 048): a kind served at no version Strata
 * knows fails with its {@code UnservedReason}, never as an absent object.
 */
public final class FabricTargetGateway implements TargetGateway {

  /**
   * Strata's quarantine taint (mechanisms.NodeQuarantine); a quarantined node counts as cordoned.
   */
  static final String QUARANTINE_TAINT = "strata.io/quarantine";

  private final KubernetesClient client;
  private final ServedObjects objects;
  private final Map<String, String> gpuNodeLabels;
  private final Optional<String> poolLabel;

  /**
   * With discovery read through {@code client} at its default refresh.
   *
   * @param gpuNodeSelector equality-based label selector, for example {@code
   *     nvidia.com/gpu.present=true}
   */
  public FabricTargetGateway(KubernetesClient client, String gpuNodeSelector) {
    this(
        client,
        FabricDiscovery.versions(client, Clock.systemUTC(), ApiVersions.Settings.DEFAULTS),
        gpuNodeSelector,
        Optional.empty());
  }

  /**
   * @param versions the version of each kind, from API discovery through {@code client}
   * @param poolLabel the node label naming a node's pool (for example {@code
   *     cloud.google.com/gke-nodepool}), reported per node in the census
   */
  public FabricTargetGateway(
      KubernetesClient client,
      ApiVersions versions,
      String gpuNodeSelector,
      Optional<String> poolLabel) {
    this.client = client;
    this.objects = new ServedObjects(client, versions);
    this.gpuNodeLabels = LabelSelectors.parse(gpuNodeSelector);
    poolLabel.ifPresent(
        label -> {
          if (label.isBlank()) {
            throw new IllegalArgumentException(
                "strata.remediator.blast-radius.pool-label must not be blank when set");
          }
        });
    this.poolLabel = poolLabel.map(String::strip);
  }

  /** The object at the version discovery picks; its ref names that version. */
  @Override
  public Optional<TargetObject> read(TargetRef ref) throws TargetException {
    return objects.get(require(KubeKinds.readable(ref), "read", ref), ref);
  }

  @Override
  public void mergePatch(TargetRef ref, String patch, String resourceVersion)
      throws TargetException {
    if (Kinds.POD.is(ref)) {
      // A pod is only ever taken out of traffic, through its status (PodTrafficGate).
      throw refusal("patch", ref);
    }
    send(ref, patch, resourceVersion, false);
  }

  @Override
  public void mergePatchStatus(TargetRef ref, String patch, String resourceVersion)
      throws TargetException {
    if (!Kinds.POD.is(ref)) {
      throw refusal("patch the status of", ref);
    }
    send(ref, patch, resourceVersion, true);
  }

  /**
   * A kind not served cannot hold the workload and is passed over; one served only at versions
   * Strata does not know is looked at there, so that the plan can say why nothing is proposed.
   */
  @Override
  public Optional<TargetRef> resolveWorkload(String namespace, String name) throws TargetException {
    for (Kinds kind : WorkloadChain.BY_NAME) {
      Optional<TargetRef> found;
      try {
        found = read(kind.ref(namespace, name)).map(TargetObject::ref);
      } catch (TargetException e) {
        if (e.unserved().isEmpty()) {
          throw e;
        }
        found = objects.atUnknownVersion(kind.resource(), namespace, name);
      }
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  @Override
  public Optional<TargetRef> workloadOfPod(String namespace, String pod) throws TargetException {
    Optional<TargetObject> found = read(Kinds.POD.ref(namespace, pod));
    if (found.isEmpty()) {
      return Optional.empty();
    }
    Optional<TargetRef> labelled = WorkloadChain.fromLabels(found.get().body());
    if (labelled.isPresent()) {
      return labelled;
    }
    Optional<TargetRef> owner = WorkloadChain.controller(found.get().body());
    if (owner.isPresent() && Kinds.REPLICA_SETS.names(owner.get())) {
      Optional<TargetObject> replicaSet = read(owner.get());
      owner = replicaSet.flatMap(rs -> WorkloadChain.controller(rs.body()));
    }
    return owner.filter(o -> Kinds.of(o).isPresent());
  }

  @Override
  public List<ObjectNode> replicaSets(String namespace, String deployment) throws TargetException {
    return objects
        .list(
            Kinds.REPLICA_SETS,
            namespace,
            Map.of(),
            "list ReplicaSets of " + namespace + "/" + deployment)
        .stream()
        .filter(
            r ->
                WorkloadChain.controller(r)
                    .filter(o -> o.kind().equals("Deployment") && o.name().equals(deployment))
                    .isPresent())
        .toList();
  }

  @Override
  public Optional<String> podNode(String namespace, String name) throws TargetException {
    return read(Kinds.POD.ref(namespace, name))
        .map(pod -> pod.at("spec", "nodeName"))
        .filter(node -> node.isTextual() && !node.asText().isEmpty())
        .map(node -> node.asText());
  }

  /** Through the typed client, which speaks core v1: discovery must serve Nodes there. */
  @Override
  public NodeCensus gpuNodes() throws TargetException {
    objects.version(Kinds.NODE.resource());
    try {
      return NodeService.census(
          client.nodes().withLabels(gpuNodeLabels).list().getItems(), poolLabel);
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("list GPU nodes", e);
    }
  }

  @Override
  public List<ObjectNode> knativeRevisions(String namespace, String service)
      throws TargetException {
    return objects.list(
        Kinds.KNATIVE_REVISIONS,
        namespace,
        Map.of("serving.knative.dev/service", service),
        "list revisions of " + namespace + "/" + service);
  }

  /**
   * The merge patch as the equivalent JSON Patch ({@link JsonPatches}) against the object as it is
   * now, sent to the version it was read at. A resourceVersion other than the one the patch was
   * computed from is a CONFLICT at once.
   */
  private void send(TargetRef ref, String patch, String resourceVersion, boolean status)
      throws TargetException {
    ApiResource kind = require(KubeKinds.patchable(ref), "patch", ref);
    TargetObject current =
        read(ref)
            .orElseThrow(
                () ->
                    new TargetException(
                        ActionOutcomeReason.TARGET_NOT_FOUND, ref + " no longer exists", null));
    if (resourceVersion != null && !resourceVersion.equals(current.resourceVersion())) {
      throw new TargetException(
          ActionOutcomeReason.CONFLICT,
          ref + " changed since it was read (" + resourceVersion + ")",
          null);
    }
    String ops =
        KubeJson.write(
            JsonPatches.fromMerge(KubeJson.parseObject(patch), current.body(), resourceVersion));
    String version = ApiResource.versionOf(current.ref().apiVersion());
    try {
      if (status) {
        objects
            .at(kind, version, ref)
            .subresource("status")
            .patch(PatchContext.of(PatchType.JSON), ops);
      } else {
        objects.at(kind, version, ref).patch(PatchContext.of(PatchType.JSON), ops);
      }
    } catch (KubernetesClientException e) {
      throw objects.classify(kind, version, (status ? "patch status of " : "patch ") + ref, e);
    }
  }

  private static ApiResource require(Optional<ApiResource> kind, String verb, TargetRef ref)
      throws TargetException {
    return kind.orElseThrow(() -> refusal(verb, ref));
  }

  private static TargetException refusal(String verb, TargetRef ref) {
    return new TargetException(
        ActionOutcomeReason.PERMANENT_API_ERROR,
        "the remediator does not " + verb + " " + ref.apiVersion() + " " + ref.kind(),
        null);
  }
}
