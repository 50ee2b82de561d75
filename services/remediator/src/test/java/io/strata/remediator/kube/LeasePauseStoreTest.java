package io.strata.remediator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.kubetest.CrudApiServer;
import io.strata.remediator.core.guard.PauseControl;
import io.strata.remediator.core.guard.PauseState;
import io.strata.remediator.core.guard.PauseSwitch;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The pause in a Lease's annotations, on the fabric8 mock API server in CRUD mode. */
class LeasePauseStoreTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private final KubernetesMockServer server = CrudApiServer.start();
  private final KubernetesClient client = server.createClient();
  private final LeasePauseStore store =
      new LeasePauseStore(client, "strata", "strata-remediator-pause");

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  @Test
  void aPauseWrittenByOneInstanceIsReadByTheStandbyThatTakesOver() {
    new PauseControl(new PauseSwitch(false), store, false, Clock.fixed(T0, ZoneOffset.UTC))
        .set(true, "alice");

    Lease lease = client.leases().inNamespace("strata").withName("strata-remediator-pause").get();
    assertThat(lease.getMetadata().getAnnotations())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                LeasePauseStore.PAUSED, "true",
                LeasePauseStore.CHANGED_BY, "alice",
                LeasePauseStore.CHANGED_AT, "2026-12-01T10:00:00Z"));
    PauseSwitch standby = new PauseSwitch(false);
    LeasePauseStore standbysStore =
        new LeasePauseStore(client, "strata", "strata-remediator-pause");
    new PauseControl(standby, standbysStore, false, Clock.systemUTC()).restore();
    assertThat(standby.state()).isEqualTo(new PauseState(true, "alice", T0));
  }

  @Test
  void aResumeRewritesTheAnnotationsOfTheExistingLease() {
    Clock later = Clock.fixed(T0.plusSeconds(300), ZoneOffset.UTC);
    PauseControl control = new PauseControl(new PauseSwitch(false), store, false, later);
    control.set(true, "alice");
    control.set(false, "bob");

    assertThat(store.load()).contains(new PauseState(false, "bob", T0.plusSeconds(300)));
  }

  @Test
  void noLeaseMeansNeverSet() {
    assertThat(store.load()).isEmpty();
  }

  @Test
  void aHandEditedValueOtherThanFalseCountsAsPaused() {
    client
        .leases()
        .inNamespace("strata")
        .resource(
            new LeaseBuilder()
                .withNewMetadata()
                .withNamespace("strata")
                .withName("strata-remediator-pause")
                .addToAnnotations(LeasePauseStore.PAUSED, "yes")
                .addToAnnotations(LeasePauseStore.CHANGED_AT, "yesterday")
                .endMetadata()
                .build())
        .create();

    assertThat(store.load()).isEqualTo(Optional.of(new PauseState(true, null, null)));
  }
}
