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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the objects the remediator patches and hands each change to the model, so the cluster
 * reacts: cordon (spec.unschedulable), Knative containerConcurrency and traffic, the pause
 * annotation on workloads and pods, and the concurrency annotation on Deployments.
 */
public final class RemediationWatcher implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RemediationWatcher.class);

  private final KubernetesClient client;
  private final ClusterModel model;
  private final ReactionConventions conventions;
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();

  public RemediationWatcher(
      KubernetesClient client, ClusterModel model, ReactionConventions conventions) {
    this.client = client;
    this.model = model;
    this.conventions = conventions;
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
      try {
        if (model.setConcurrency(ns, name, Integer.parseInt(concurrency.trim()))) {
          LOG.info("deployment {}/{} concurrency={}", ns, name, concurrency);
        }
      } catch (NumberFormatException e) {
        LOG.warn("deployment {}/{}: ignoring concurrency annotation '{}'", ns, name, concurrency);
      }
    }
    pause(deployment, ns, name);
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
      LOG.info("workload {}/{} {}", ns, name, paused ? "paused" : "resumed");
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
