package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Pod;
import io.strata.simulator.model.PodChanges;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the model's pod changes visible in the Kubernetes API, whoever caused them (a scenario, the
 * remediator's scale or rollback, a freed GPU): deletes, creates, binds Pending pods the scheduler
 * placed since, and writes a FailedScheduling Event for each new Pending pod. One caller at a time,
 * so a pod is never created after its deletion.
 */
public final class PodSync {

  private static final Logger LOG = LoggerFactory.getLogger(PodSync.class);

  private final KubernetesClient client;
  private final ClusterModel model;
  private final ClusterSeeder seeder;
  private final Map<String, String> eventNames = new HashMap<>();

  public PodSync(KubernetesClient client, ClusterModel model, ClusterSeeder seeder) {
    this.client = client;
    this.model = model;
    this.seeder = seeder;
  }

  /** Applies what changed since the last call; returns it. */
  public synchronized PodChanges sync(Instant now) {
    PodChanges changes = model.takePodChanges();
    for (Pod pod : changes.deleted()) {
      attempt("delete", pod, () -> seeder.deletePod(pod));
    }
    for (Pod pod : changes.created()) {
      attempt("create", pod, () -> seeder.createPod(model, pod, now));
    }
    for (Pod pod : changes.bound()) {
      attempt("bind", pod, () -> seeder.bindPod(pod, now));
    }
    for (Pod pod : changes.created()) {
      if (!pod.isScheduled()) {
        attempt("record FailedScheduling for", pod, () -> schedulingEvent(pod, now));
      }
    }
    return changes;
  }

  /** One failed API call is logged and does not keep the other changes from the API. */
  private static void attempt(String what, Pod pod, Runnable call) {
    try {
      call.run();
    } catch (KubernetesClientException e) {
      LOG.warn("could not {} pod {}/{}: {}", what, pod.namespace(), pod.name(), e.getMessage());
    }
  }

  /** One FailedScheduling Event per Pending pod; each refresh counts it up, like the scheduler. */
  public synchronized void refreshSchedulingEvents(Instant now) {
    List<Pod> pending = model.pods().stream().filter(p -> !p.isScheduled()).toList();
    for (Pod pod : pending) {
      schedulingEvent(pod, now);
    }
  }

  private void schedulingEvent(Pod pod, Instant now) {
    String message = model.failedSchedulingMessage(pod.gpuCount());
    String name =
        eventNames.computeIfAbsent(
            pod.uid(), uid -> pod.name() + "." + Long.toHexString(now.toEpochMilli() * 1000));
    Event existing = client.v1().events().inNamespace(pod.namespace()).withName(name).get();
    if (existing == null) {
      client
          .v1()
          .events()
          .resource(SchedulingEvents.failedScheduling(pod, seeder.podUid(pod), name, message, now))
          .create();
    } else {
      existing.setCount(existing.getCount() == null ? 2 : existing.getCount() + 1);
      existing.setLastTimestamp(now.toString());
      existing.setMessage(message);
      client.v1().events().resource(existing).update();
    }
  }
}
