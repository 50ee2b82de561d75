package io.strata.remediator.config;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.remediator.core.guard.ActiveInstance;
import io.strata.remediator.kube.Leadership;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.UUID;

/** The Lease election when enabled; the service starts it and listens to it. */
public class LeadershipProducer {

  @Produces
  @Singleton
  Optional<Leadership> leadership(KubernetesClient client, RemediatorConfig config) {
    RemediatorConfig.LeaderElection election = config.leaderElection();
    if (!election.enabled()) {
      return Optional.empty();
    }
    String identity =
        election
            .identity()
            .or(() -> Optional.ofNullable(System.getenv("HOSTNAME")))
            .orElseGet(() -> "strata-remediator-" + UUID.randomUUID());
    String namespace =
        election.namespace().or(() -> Optional.ofNullable(client.getNamespace())).orElse("default");
    return Optional.of(
        new Leadership(
            client,
            new Leadership.Settings(
                namespace,
                election.leaseName(),
                identity,
                election.leaseDuration(),
                election.renewDeadline(),
                election.retryPeriod())));
  }

  @Produces
  @Singleton
  ActiveInstance activeInstance(Optional<Leadership> leadership) {
    return leadership.<ActiveInstance>map(l -> l::leading).orElse(ActiveInstance.ALWAYS);
  }
}
