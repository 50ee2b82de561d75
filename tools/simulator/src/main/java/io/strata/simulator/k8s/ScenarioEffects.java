package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ScenarioTransition;
import io.strata.simulator.model.Workload;
import java.time.Instant;
import java.util.Map;

/**
 * Makes a scenario visible in the Kubernetes API: creates and deletes the autoscaler's pods
 * (through {@link PodSync}, which also writes their FailedScheduling Events), rolls the Knative
 * traffic out and back as a deployer would, and keeps those Events counting up.
 */
public final class ScenarioEffects {

  private final KubernetesClient client;
  private final ClusterModel model;
  private final PodSync podSync;

  public ScenarioEffects(KubernetesClient client, ClusterModel model, ClusterSeeder seeder) {
    this(client, model, seeder, new PodSync(client, model, seeder));
  }

  /** Effects sharing {@code podSync} with the remediation watcher. */
  public ScenarioEffects(
      KubernetesClient client, ClusterModel model, ClusterSeeder seeder, PodSync podSync) {
    this.client = client;
    this.model = model;
    this.podSync = podSync;
  }

  /** Writes the transition's pods (and whatever else changed since) and traffic to the API. */
  public void apply(ScenarioTransition transition, Instant now) {
    podSync.sync(now);
    if (transition.knativeTraffic() != null) {
      Workload serving = model.targets().servingWorkload();
      setTraffic(serving, transition.knativeTraffic());
    }
  }

  /** One FailedScheduling Event per Pending pod; each refresh counts it up, like the scheduler. */
  public void refreshSchedulingEvents(Instant now) {
    podSync.refreshSchedulingEvents(now);
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
