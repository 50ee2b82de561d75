package io.strata.k8swatcher.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodState;
import io.strata.events.topic.Topics;
import io.strata.k8swatcher.support.DraDiscovery;
import io.strata.k8swatcher.support.Objects;
import io.strata.k8swatcher.watch.Watcher;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * A watcher that was down while objects were deleted: the compacted topics still hold their keys.
 * Reconciliation tombstones exactly those of this cluster, and nothing that still exists.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithKubernetesTestServer(crud = true, setup = DraDiscovery.class)
class StaleKeyReconcileTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @KubernetesTestServer KubernetesServer server;

  @InjectTestKafka TestKafka kafka;

  @Inject Watcher watcher;

  @Test
  void tombstonesKeysWhoseObjectsWereDeletedWhileNoWatcherRan() throws Exception {
    // The reconcile-on-start of a freshly started app would otherwise race the explicit call below.
    watcher.startupReconciled().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    try (KafkaTestClient topics = new KafkaTestClient(kafka.bootstrapServers())) {
      Pod alive =
          server
              .getClient()
              .pods()
              .resource(Objects.gpuPod("recon", "alive-0", 1).build())
              .create();
      String aliveKey = "test-cluster/recon/alive-0";
      topics.readUntil(Topics.K8S_PODS, records -> lastFor(records, aliveKey) != null, WAIT);

      PodState leftover =
          new PodState(
              "uid-gone",
              Correlation.builder()
                  .cluster("test-cluster")
                  .namespace("recon")
                  .pod("gone-0")
                  .build(),
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              0,
              null,
              "1",
              null,
              null);
      topics.send(Topics.K8S_PODS, "test-cluster/recon/gone-0", leftover);
      topics.send(Topics.K8S_PODS, "other-cluster/recon/gone-0", leftover);
      topics.send(
          Topics.K8S_NODES,
          "test-cluster/decommissioned-node",
          new NodeState(
              "test-cluster",
              "decommissioned-node",
              true,
              false,
              null,
              null,
              null,
              null,
              null,
              null,
              "1",
              null));

      Map<String, Integer> tombstoned = watcher.reconcileStaleKeys();

      assertThat(tombstoned)
          .isEqualTo(
              Map.of(
                  Topics.K8S_PODS.name(), 1,
                  Topics.K8S_NODES.name(), 1,
                  Topics.K8S_CLAIMS.name(), 0));
      List<ConsumerRecord<String, PodState>> pods =
          topics.readUntil(
              Topics.K8S_PODS,
              records ->
                  records.stream()
                      .anyMatch(
                          r -> r.key().equals("test-cluster/recon/gone-0") && r.value() == null),
              WAIT);
      assertThat(lastRecord(pods, "test-cluster/recon/gone-0").value()).isNull();
      assertThat(lastFor(pods, "other-cluster/recon/gone-0")).isEqualTo(leftover);
      assertThat(lastFor(pods, aliveKey).uid()).isEqualTo(alive.getMetadata().getUid());
      List<ConsumerRecord<String, NodeState>> nodes =
          topics.readUntil(
              Topics.K8S_NODES,
              records ->
                  records.stream()
                      .anyMatch(
                          r ->
                              r.key().equals("test-cluster/decommissioned-node")
                                  && r.value() == null),
              WAIT);
      assertThat(lastRecord(nodes, "test-cluster/decommissioned-node").value()).isNull();
    }
  }

  private static <V> ConsumerRecord<String, V> lastRecord(
      List<ConsumerRecord<String, V>> records, String key) {
    return records.stream().filter(r -> r.key().equals(key)).reduce((a, b) -> b).orElseThrow();
  }

  private static <V> V lastFor(List<ConsumerRecord<String, V>> records, String key) {
    return records.stream()
        .filter(r -> r.key().equals(key))
        .reduce((a, b) -> b)
        .map(ConsumerRecord::value)
        .orElse(null);
  }
}
