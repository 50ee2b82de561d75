package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Workload;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the objects the remediator patches and hands each change to the model, reacting only to
 * the fields real controllers act on (docs/simulator.md): a node that is unschedulable or carries a
 * NoSchedule taint its pods do not tolerate gets no new pods; Knative containerConcurrency, traffic
 * and min-scale; a Deployment's spec.replicas and pod-template model-version label (a rollout, or a
 * rollback to an older ReplicaSet's template); a Job's spec.suspend; a pod whose readiness-gate
 * condition is False gets no requests. Pods the model adds, deletes or binds in reaction are
 * written back to the API through {@link PodSync}.
 */
public final class RemediationWatcher implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RemediationWatcher.class);

  private final KubernetesClient client;
  private final ClusterModel model;
  private final ReactionConventions conventions;
  private final PodSync podSync;
  private final Clock clock;
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();

  /** A watcher whose pod changes are written back with a seeder of its own. */
  public RemediationWatcher(
      KubernetesClient client, ClusterModel model, ReactionConventions conventions) {
    this(
        client,
        model,
        conventions,
        new PodSync(client, model, new ClusterSeeder(client, conventions)),
        Clock.systemUTC());
  }

  public RemediationWatcher(
      KubernetesClient client,
      ClusterModel model,
      ReactionConventions conventions,
      PodSync podSync,
      Clock clock) {
    this.client = client;
    this.model = model;
    this.conventions = conventions;
    this.podSync = podSync;
    this.clock = clock;
  }

  public void start() {
    informers.add(client.nodes().inform(handler(this::onNode)));
    informers.add(
        client
            .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
            .inAnyNamespace()
            .inform(handler(this::onKnativeService)));
    informers.add(client.apps().deployments().inAnyNamespace().inform(handler(this::onDeployment)));
    informers.add(client.pods().inAnyNamespace().inform(handler(this::onPod)));
    informers.add(client.batch().v1().jobs().inAnyNamespace().inform(handler(this::onJob)));
  }

  void onNode(Node node) {
    boolean cordoned =
        node.getSpec() != null
            && (Boolean.TRUE.equals(node.getSpec().getUnschedulable())
                || node.getSpec().getTaints().stream().anyMatch(RemediationWatcher::repels));
    if (model.setCordoned(node.getMetadata().getName(), cordoned)) {
      LOG.info("node {} {}", node.getMetadata().getName(), cordoned ? "cordoned" : "uncordoned");
      podSync.sync(clock.instant());
    }
  }

  void onKnativeService(GenericKubernetesResource service) {
    String ns = service.getMetadata().getNamespace();
    String name = service.getMetadata().getName();
    KnativeSpec spec = KnativeSpec.read(service);
    Workload w = model.workload(ns, name).orElse(null);
    if (w == null) {
      return;
    }
    if (spec.containerConcurrency() != null
        && model.setConcurrency(ns, name, spec.containerConcurrency())) {
      LOG.info("knative {}/{} containerConcurrency={}", ns, name, spec.containerConcurrency());
    }
    Map<String, Integer> traffic = spec.traffic(w.latestRevision().name());
    if (!traffic.isEmpty() && model.setTraffic(ns, name, traffic)) {
      LOG.info("knative {}/{} traffic={}", ns, name, traffic);
    }
    String minScale = spec.templateAnnotations().get(Labels.KNATIVE_MIN_SCALE);
    Integer scale = minScale == null ? Integer.valueOf(w.minScaleBaseline()) : parse(minScale);
    if (scale == null) {
      LOG.warn("knative {}/{}: ignoring min-scale '{}'", ns, name, minScale);
    } else if (model.setMinScale(ns, name, scale)) {
      LOG.info("knative {}/{} min-scale={}", ns, name, scale);
      podSync.sync(clock.instant());
    }
  }

  void onDeployment(Deployment deployment) {
    String ns = deployment.getMetadata().getNamespace();
    String name = deployment.getMetadata().getName();
    if (model.workload(ns, name).isEmpty()) {
      return;
    }
    boolean podsChanged = false;
    String version = templateLabel(deployment, conventions.modelVersionLabel());
    if (version != null && model.setModelVersion(ns, name, version)) {
      LOG.info("deployment {}/{} model version {}", ns, name, version);
      podsChanged = true;
    } else if (version != null
        && model.workload(ns, name).get().revisionForModelVersion(version) == null) {
      LOG.warn("deployment {}/{}: no pods can run unknown model version '{}'", ns, name, version);
    }
    Integer replicas = deployment.getSpec() == null ? null : deployment.getSpec().getReplicas();
    if (replicas != null && model.setReplicas(ns, name, replicas)) {
      LOG.info("deployment {}/{} replicas={}", ns, name, replicas);
      podsChanged = true;
    }
    if (podsChanged) {
      podSync.sync(clock.instant());
    }
  }

  /** A suspended Job starts no batches (the Job controller's own switch). */
  void onJob(Job job) {
    String ns = job.getMetadata().getNamespace();
    String name = job.getMetadata().getName();
    boolean suspended = job.getSpec() != null && Boolean.TRUE.equals(job.getSpec().getSuspend());
    if (model.workload(ns, name).isPresent() && model.setWorkloadPaused(ns, name, suspended)) {
      LOG.info("job {}/{} {}", ns, name, suspended ? "suspended: no new batches" : "resumed");
    }
  }

  /**
   * A scheduling taint the simulated pods do not tolerate (they tolerate only the GPU taint), as
   * Strata's quarantine taint or a person's: the scheduler keeps new pods off the node.
   */
  private static boolean repels(Taint taint) {
    return ("NoSchedule".equals(taint.getEffect()) || "NoExecute".equals(taint.getEffect()))
        && !Labels.GPU_RESOURCE.equals(taint.getKey());
  }

  private static String templateLabel(Deployment deployment, String key) {
    if (deployment.getSpec() == null
        || deployment.getSpec().getTemplate() == null
        || deployment.getSpec().getTemplate().getMetadata() == null
        || deployment.getSpec().getTemplate().getMetadata().getLabels() == null) {
      return null;
    }
    return deployment.getSpec().getTemplate().getMetadata().getLabels().get(key);
  }

  private static Integer parse(String text) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * A pod that declares the readiness gate and has its condition False is not Ready, so it leaves
   * its Service's endpoints: the model routes it no requests while it keeps running.
   */
  void onPod(Pod pod) {
    String gate = conventions.readinessGate();
    boolean declared =
        pod.getSpec() != null
            && pod.getSpec().getReadinessGates().stream()
                .anyMatch(g -> gate.equals(g.getConditionType()));
    boolean outOfTraffic =
        declared
            && pod.getStatus() != null
            && pod.getStatus().getConditions().stream()
                .anyMatch(c -> gate.equals(c.getType()) && "False".equals(c.getStatus()));
    if (model.setPodPaused(
        pod.getMetadata().getNamespace(), pod.getMetadata().getName(), outOfTraffic)) {
      LOG.info(
          "pod {}/{} {}",
          pod.getMetadata().getNamespace(),
          pod.getMetadata().getName(),
          outOfTraffic ? "out of service traffic (readiness gate False)" : "back in traffic");
    }
  }

  private static <T> ResourceEventHandler<T> handler(Consumer<T> onChange) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(T obj) {
        onChange.accept(obj);
      }

      @Override
      public void onUpdate(T oldObj, T newObj) {
        onChange.accept(newObj);
      }

      @Override
      public void onDelete(T obj, boolean deletedFinalStateUnknown) {
        // Deleting an object is not a remediation the cluster reacts to.
      }
    };
  }

  /** Whether every informer has listed its resources once. */
  public boolean synced() {
    return informers.stream().allMatch(SharedIndexInformer::hasSynced);
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
  }
}
