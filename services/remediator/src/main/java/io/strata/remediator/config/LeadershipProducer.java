package io.strata.remediator.config;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.remediator.core.guard.LeaderTerm;
import io.strata.remediator.core.guard.PauseControl;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.kube.Leadership;
import io.strata.remediator.kube.LeasePauseStore;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The Lease election when enabled (the service starts it and listens to it), and the pause switch
 * persisted beside it.
 */
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
    String namespace = namespace(election, client);
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

  /**
   * The pause switch persisted in the annotations of the Lease {@code <lease-name>-pause} (ADR
   * 012), also when election is off.
   */
  @Produces
  @Singleton
  PauseControl pauseControl(
      PauseSwitch pause, KubernetesClient client, RemediatorConfig config, Clock clock) {
    RemediatorConfig.LeaderElection election = config.leaderElection();
    return new PauseControl(
        pause,
        new LeasePauseStore(client, namespace(election, client), election.leaseName() + "-pause"),
        config.paused(),
        clock);
  }

  private static String namespace(RemediatorConfig.LeaderElection election, KubernetesClient c) {
    return election.namespace().or(() -> Optional.ofNullable(c.getNamespace())).orElse("default");
  }

  /**
   * Also the {@link io.strata.remediator.core.guard.ActiveInstance} the executor asks: active only
   * while leading with the memory rebuilt in the current term.
   */
  @Produces
  @Singleton
  LeaderTerm leaderTerm(Optional<Leadership> leadership) {
    return leadership.map(l -> new LeaderTerm(l::leading)).orElseGet(LeaderTerm::single);
  }
}
