package io.strata.remediator.kube;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.strata.remediator.core.policy.ActivePolicy;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Follows the policy ConfigMap with an informer (list, then watch, relisting after a lost watch):
 * each version of its policy key is offered to the {@link ActivePolicy}; a deleted ConfigMap (or
 * key) brings back the default, every action proposed. While it cannot be read the policy in force
 * stays (the default until one was read) and {@code onError} hears why.
 */
public final class PolicyConfigMapWatch implements AutoCloseable {

  private final SharedIndexInformer<ConfigMap> informer;

  public PolicyConfigMapWatch(
      KubernetesClient client,
      String namespace,
      String name,
      String key,
      ActivePolicy policy,
      Clock clock,
      Consumer<Optional<ActivePolicy.Refusal>> outcome,
      Consumer<Throwable> onError) {
    ResourceEventHandler<ConfigMap> handler =
        new ResourceEventHandler<>() {
          @Override
          public void onAdd(ConfigMap map) {
            offer(map);
          }

          @Override
          public void onUpdate(ConfigMap before, ConfigMap after) {
            offer(after);
          }

          @Override
          public void onDelete(ConfigMap map, boolean finalStateUnknown) {
            outcome.accept(policy.offer(null, source(map), clock.instant()));
          }

          private void offer(ConfigMap map) {
            String document = map.getData() == null ? null : map.getData().get(key);
            outcome.accept(policy.offer(document, source(map), clock.instant()));
          }

          private String source(ConfigMap map) {
            return "ConfigMap "
                + namespace
                + "/"
                + name
                + " key "
                + key
                + " resourceVersion "
                + map.getMetadata().getResourceVersion();
          }
        };
    this.informer = client.configMaps().inNamespace(namespace).withName(name).runnableInformer(0);
    informer.addEventHandler(handler);
    // Unreadable (forbidden, API down): keep the policy in force, report, and keep trying. Never
    // a failed start: without a readable policy every action is only proposed.
    informer.exceptionHandler(
        (started, error) -> {
          onError.accept(error);
          return true;
        });
    informer.start();
  }

  @Override
  public void close() {
    informer.close();
  }
}
