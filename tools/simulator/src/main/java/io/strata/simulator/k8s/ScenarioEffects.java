package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Pod;
import io.strata.simulator.model.ScenarioTransition;
import io.strata.simulator.model.Workload;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes a scenario visible in the Kubernetes API: creates and deletes the autoscaler's pods, rolls
 * the Knative traffic out and back as a deployer would, and keeps the scheduler's FailedScheduling
 * Events for Pending pods counting up.
 */
public final class ScenarioEffects {

  private final KubernetesClient client;
  private final ClusterModel model;
  private final ClusterSeeder seeder;
  private final Map<String, String> eventNames = new HashMap<>();

  public ScenarioEffects(KubernetesClient client, ClusterModel model, ClusterSeeder seeder) {
    this.client = client;
    this.model = model;
    this.seeder = seeder;
  }

  public void apply(ScenarioTransition transition, Instant now) {
    for (Pod pod : transition.podsRemoved()) {
      seeder.deletePod(pod);
    }
    for (Pod pod : transition.podsAdded()) {
      seeder.createPod(model, pod, now);
    }
    if (transition.knativeTraffic() != null) {
      Workload serving = model.targets().servingWorkload();
      setTraffic(serving, transition.knativeTraffic());
    }
    refreshSchedulingEvents(now);
  }

  /** One FailedScheduling Event per Pending pod; each refresh counts it up, like the scheduler. */
  public synchronized void refreshSchedulingEvents(Instant now) {
    List<Pod> pending = model.pods().stream().filter(p -> !p.isScheduled()).toList();
    for (Pod pod : pending) {
      String message = model.failedSchedulingMessage(pod.gpuCount());
      String name =
          eventNames.computeIfAbsent(
              pod.uid(), uid -> pod.name() + "." + Long.toHexString(now.toEpochMilli() * 1000));
      io.fabric8.kubernetes.api.model.Event existing =
          client.v1().events().inNamespace(pod.namespace()).withName(name).get();
      if (existing == null) {
        client
            .v1()
            .events()
            .resource(
                SchedulingEvents.failedScheduling(pod, seeder.podUid(pod), name, message, now))
            .create();
      } else {
        existing.setCount(existing.getCount() == null ? 2 : existing.getCount() + 1);
        existing.setLastTimestamp(now.toString());
        existing.setMessage(message);
        client.v1().events().resource(existing).update();
      }
    }
  }

  private void setTraffic(Workload w, Map<String, Integer> split) {
    client
        .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
        .inNamespace(w.namespace())
        .withName(w.name())
        .edit(
            service -> {
              specOf(service).put("traffic", WorkloadObjects.traffic(split));
              return service;
            });
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> specOf(GenericKubernetesResource resource) {
    return (Map<String, Object>) resource.getAdditionalProperties().get("spec");
  }
}
