package io.strata.k8swatcher.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.resource.v1beta1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.topic.Topics;
import io.strata.k8swatcher.dra.DraApiVersion;
import io.strata.k8swatcher.support.TestClock;
import io.strata.k8swatcher.support.V1beta1OnlyDiscovery;
import io.strata.k8swatcher.watch.Watcher;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * An API server without resource.k8s.io/v1: discovery falls back to v1beta1, whose slices nest
 * device attributes under "basic"; claims are still published with the device UUID resolved, and
 * deleting the claim tombstones it.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithKubernetesTestServer(crud = true, setup = V1beta1OnlyDiscovery.class)
class DraV1beta1FallbackTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String KEY = "test-cluster/gpu-test3/pod-shared-gpu";

  @KubernetesTestServer KubernetesServer server;

  @InjectTestKafka TestKafka kafka;

  @Inject Watcher watcher;

  @Test
  void watchesV1beta1ClaimsAndSlicesWhenV1IsNotServed() {
    assertThat(watcher.draVersion()).isEqualTo(DraApiVersion.V1BETA1);
    KubernetesClient k8s = server.getClient();
    k8s.resources(ResourceSlice.class).resource(slice()).create();
    ResourceClaim claim = k8s.resources(ResourceClaim.class).resource(claim()).create();
    try (KafkaTestClient topics = new KafkaTestClient(kafka.bootstrapServers())) {
      ClaimState expected =
          new ClaimState(
              "test-cluster",
              "gpu-test3",
              "pod-shared-gpu",
              claim.getMetadata().getUid(),
              "v1beta1",
              true,
              "node-b",
              List.of(
                  new AllocatedDevice(
                      "gpu", "gpu.nvidia.com", "node-b", "gpu-0", "GPU-7f0e4b7c-beta", null)),
              List.of(new ObjectRef("v1", "Pod", "gpu-test3", "pod1", "uid-pod1")),
              List.of(),
              claim.getMetadata().getResourceVersion(),
              TestClock.NOW);
      List<ConsumerRecord<String, ClaimState>> published =
          topics.readUntil(Topics.K8S_CLAIMS, records -> expected.equals(last(records)), WAIT);
      assertThat(last(published)).isEqualTo(expected);

      k8s.resources(ResourceClaim.class).resource(claim).delete();
      List<ConsumerRecord<String, ClaimState>> afterDelete =
          topics.readUntil(
              Topics.K8S_CLAIMS,
              records -> records.size() > published.size() && last(records) == null,
              WAIT);
      assertThat(afterDelete.get(afterDelete.size() - 1).key()).isEqualTo(KEY);
      assertThat(afterDelete.get(afterDelete.size() - 1).value()).isNull();
    }
  }

  private static ClaimState last(List<ConsumerRecord<String, ClaimState>> records) {
    ClaimState last = null;
    for (ConsumerRecord<String, ClaimState> record : records) {
      if (record.key().equals(KEY)) {
        last = record.value();
      }
    }
    return last;
  }

  private static ResourceSlice slice() {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName("node-b-gpu.nvidia.com-7xk2p")
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNodeName("node-b")
        .withNewPool()
        .withName("node-b")
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .addNewDevice()
        .withName("gpu-0")
        .withNewBasic()
        .withAttributes(
            Map.of(
                "type", new DeviceAttributeBuilder().withString("gpu").build(),
                "uuid", new DeviceAttributeBuilder().withString("GPU-7f0e4b7c-beta").build()))
        .endBasic()
        .endDevice()
        .endSpec()
        .build();
  }

  private static ResourceClaim claim() {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withNamespace("gpu-test3")
        .withName("pod-shared-gpu")
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withDeviceClassName("gpu.nvidia.com")
        .endRequest()
        .endDevices()
        .endSpec()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest("gpu")
        .withDriver("gpu.nvidia.com")
        .withPool("node-b")
        .withDevice("gpu-0")
        .endResult()
        .endDevices()
        .withNodeSelector(
            new NodeSelectorBuilder()
                .addNewNodeSelectorTerm()
                .addNewMatchField()
                .withKey("metadata.name")
                .withOperator("In")
                .withValues("node-b")
                .endMatchField()
                .endNodeSelectorTerm()
                .build())
        .endAllocation()
        .addNewReservedFor()
        .withResource("pods")
        .withName("pod1")
        .withUid("uid-pod1")
        .endReservedFor()
        .endStatus()
        .build();
  }
}
