package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
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
 * Watches the objects the remediator patches and hands each change to the model, so the cluster
 * reacts: cordon (spec.unschedulable), Knative containerConcurrency, traffic and min-scale, the
 * pause annotation on workloads and pods, and on Deployments the concurrency annotation,
 * spec.replicas and the pod-template model-version label. Pods the model adds, deletes or binds in
 * reaction are written back to the API through {@link PodSync}.
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
  }

  void onNode(Node node) {
    boolean cordoned =
        node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable());
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
    pause(service, ns, name);
  }

  void onDeployment(Deployment deployment) {
    String ns = deployment.getMetadata().getNamespace();
    String name = deployment.getMetadata().getName();
    if (model.workload(ns, name).isEmpty()) {
      return;
    }
    String concurrency = annotation(deployment, conventions.concurrencyAnnotation());
    if (concurrency != null) {
      Integer value = parse(concurrency);
      if (value == null) {
        LOG.warn("deployment {}/{}: ignoring concurrency annotation '{}'", ns, name, concurrency);
      } else if (model.setConcurrency(ns, name, value)) {
        LOG.info("deployment {}/{} concurrency={}", ns, name, concurrency);
      }
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
    pause(deployment, ns, name);
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

  void onPod(Pod pod) {
    boolean paused = "true".equalsIgnoreCase(annotation(pod, conventions.pauseAnnotation()));
    if (model.setPodPaused(pod.getMetadata().getNamespace(), pod.getMetadata().getName(), paused)) {
      LOG.info(
          "pod {}/{} {}",
          pod.getMetadata().getNamespace(),
          pod.getMetadata().getName(),
          paused ? "paused" : "resumed");
    }
  }

  private void pause(HasMetadata object, String ns, String name) {
    boolean paused = "true".equalsIgnoreCase(annotation(object, conventions.pauseAnnotation()));
    if (model.setWorkloadPaused(ns, name, paused)) {
      LOG.info(
          "workload {}/{} {}",
          ns,
          name,
          paused ? "paused: no pod takes new batches, its requests wait" : "resumed");
    }
  }

  private static String annotation(HasMetadata object, String key) {
    Map<String, String> annotations = object.getMetadata().getAnnotations();
    return annotations == null ? null : annotations.get(key);
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
