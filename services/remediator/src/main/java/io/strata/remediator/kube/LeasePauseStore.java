package io.strata.remediator.kube;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.strata.remediator.core.guard.PauseState;
import io.strata.remediator.core.guard.PauseStore;
import io.strata.remediator.core.guard.PauseStoreException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The global pause in the annotations of a coordination.k8s.io/v1 Lease of its own ({@code
 * <lease-name>-pause}, beside the election's Lease): it outlives every remediator process, any
 * instance reads it when it starts or takes over, and the Role the election already needs (get,
 * create, patch on Leases) covers it. Not on the election's Lease itself: its holder renews that
 * every retry period with a resourceVersion-checked merge patch, which a pause write would make
 * fail; and election may be off while the pause must still persist.
 */
public final class LeasePauseStore implements PauseStore {

  public static final String PAUSED = "strata.io/paused";
  public static final String CHANGED_BY = "strata.io/pause-changed-by";
  public static final String CHANGED_AT = "strata.io/pause-changed-at";

  private final KubernetesClient client;
  private final String namespace;
  private final String name;

  public LeasePauseStore(KubernetesClient client, String namespace, String name) {
    this.client = client;
    this.namespace = namespace;
    this.name = name;
  }

  @Override
  public Optional<PauseState> load() {
    Lease lease;
    try {
      lease = lease().get();
    } catch (KubernetesClientException e) {
      throw new PauseStoreException("cannot read Lease " + namespace + "/" + name, e);
    }
    if (lease == null || lease.getMetadata().getAnnotations() == null) {
      return Optional.empty();
    }
    return read(lease.getMetadata().getAnnotations());
  }

  /**
   * The state in the annotations. Fails safe: any value of {@code strata.io/paused} other than
   * {@code false} (a hand edit, say) counts as paused.
   */
  static Optional<PauseState> read(Map<String, String> annotations) {
    String paused = annotations.get(PAUSED);
    if (paused == null) {
      return Optional.empty();
    }
    Instant at;
    try {
      at = Optional.ofNullable(annotations.get(CHANGED_AT)).map(Instant::parse).orElse(null);
    } catch (DateTimeParseException e) {
      at = null;
    }
    return Optional.of(
        new PauseState(!"false".equals(paused.strip()), annotations.get(CHANGED_BY), at));
  }

  @Override
  public void save(PauseState state) {
    Map<String, String> annotations = new LinkedHashMap<>();
    annotations.put(PAUSED, String.valueOf(state.paused()));
    annotations.put(CHANGED_BY, String.valueOf(state.by()));
    annotations.put(CHANGED_AT, String.valueOf(state.at()));
    try {
      if (lease().get() == null) {
        client
            .leases()
            .inNamespace(namespace)
            .resource(
                new LeaseBuilder()
                    .withNewMetadata()
                    .withNamespace(namespace)
                    .withName(name)
                    .addToLabels("app.kubernetes.io/name", "strata-remediator")
                    .addToLabels("app.kubernetes.io/part-of", "strata")
                    .withAnnotations(annotations)
                    .endMetadata()
                    .build())
            .create();
      } else {
        lease()
            .edit(
                l ->
                    new LeaseBuilder(l)
                        .editMetadata()
                        .addToAnnotations(annotations)
                        .endMetadata()
                        .build());
      }
    } catch (KubernetesClientException e) {
      throw new PauseStoreException("cannot write Lease " + namespace + "/" + name, e);
    }
  }

  private Resource<Lease> lease() {
    return client.leases().inNamespace(namespace).withName(name);
  }
}
