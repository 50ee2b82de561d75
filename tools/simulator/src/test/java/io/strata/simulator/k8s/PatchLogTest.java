package io.strata.simulator.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The mock API logs the remediator's marked merge patches (sent as the remediator sends them) and
 * holds the next one when a fault test asks: before apply (nothing stored, 503 after the hold) or
 * after apply (stored at once, the answer delayed).
 */
class PatchLogTest {

  private static final String MARKED_CORDON =
      "{\"metadata\":{\"annotations\":{\"strata.io/action-id\":\"act-1\"}},"
          + "\"spec\":{\"unschedulable\":true}}";

  private MockKubernetesApi api;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    api = MockKubernetesApi.start("127.0.0.1", 0);
    client = api.newClient();
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName("n1").endMetadata().build())
        .create();
  }

  @AfterEach
  void stop() {
    client.close();
    api.close();
  }

  @Test
  void marksOnlyPatchesCarryingTheActionMarkerAndCountsThemPerAction() {
    mergePatch(client, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
    mergePatch(client, MARKED_CORDON);

    assertThat(api.patchLog().patches())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.actionId()).isEqualTo("act-1");
              assertThat(p.path()).isEqualTo("/api/v1/nodes/n1");
              assertThat(p.applied()).isTrue();
              // fabric8's CRUD dispatcher answers a PATCH with 202 Accepted.
              assertThat(p.status()).isEqualTo(202);
            });
    assertThat(api.patchLog().applied("act-1")).isEqualTo(1);
    assertThat(api.patchLog().applied("act-2")).isZero();
  }

  @Test
  void readsTheMarkerFromAJsonPatchAsTheRemediatorSendsIt() {
    client
        .nodes()
        .withName("n1")
        .patch(
            PatchContext.of(PatchType.JSON),
            "[{\"op\":\"add\",\"path\":\"/metadata/annotations\","
                + "\"value\":{\"strata.io/action-id\":\"act-2\"}},"
                + "{\"op\":\"add\",\"path\":\"/spec/unschedulable\",\"value\":true}]");
    assertThat(
            PatchLog.markerOf(
                "[{\"op\":\"replace\",\"path\":\"/metadata/annotations/strata.io~1action-id\","
                    + "\"value\":\"act-3\"}]"))
        .contains("act-3");

    assertThat(api.patchLog().applied("act-2")).isEqualTo(1);
    assertThat(node().getSpec().getUnschedulable()).isTrue();
  }

  @Test
  void aHoldBeforeApplyStoresNothingAndAnswers503AfterTheHold() throws Exception {
    CompletableFuture<MarkedPatch> held =
        api.patchLog().holdNext(PatchHold.BEFORE_APPLY, Duration.ofMillis(300));
    try (KubernetesClient once = noRetryClient()) {
      assertThatThrownBy(() -> mergePatch(once, MARKED_CORDON))
          .isInstanceOf(KubernetesClientException.class)
          .extracting(e -> ((KubernetesClientException) e).getCode())
          .isEqualTo(503);
    }
    assertThat(held.get(1, TimeUnit.SECONDS).applied()).isFalse();
    assertThat(node().getSpec() == null ? null : node().getSpec().getUnschedulable()).isNull();
    assertThat(api.patchLog().applied("act-1")).isZero();

    mergePatch(client, MARKED_CORDON);
    assertThat(api.patchLog().applied("act-1")).as("the hold was one-shot").isEqualTo(1);
  }

  @Test
  void aHoldAfterApplyStoresAtOnceAndDelaysTheAnswer() throws Exception {
    CompletableFuture<MarkedPatch> held =
        api.patchLog().holdNext(PatchHold.AFTER_APPLY, Duration.ofSeconds(30));
    CompletableFuture<Void> patching =
        CompletableFuture.runAsync(() -> mergePatch(client, MARKED_CORDON));

    assertThat(held.get(10, TimeUnit.SECONDS).applied()).isTrue();
    assertThat(node().getSpec().getUnschedulable()).isTrue();
    assertThat(patching).as("the answer is still held").isNotDone();
    patching.cancel(true);
  }

  private Node node() {
    return client.nodes().withName("n1").get();
  }

  private KubernetesClient noRetryClient() {
    Config config =
        new ConfigBuilder(Config.empty())
            .withMasterUrl(api.url())
            .withRequestRetryBackoffLimit(0)
            .build();
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  private static void mergePatch(KubernetesClient client, String patch) {
    client.nodes().withName("n1").patch(PatchContext.of(PatchType.JSON_MERGE), patch);
  }
}
