package io.strata.k8swatcher.dra;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.resource.v1beta1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceSliceBuilder;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.Taint;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** resource.k8s.io/v1beta1 shapes (devices under "basic"), catalog joins, version selection. */
class DraMappingTest {

  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private final DraV1beta1Adapter adapter = new DraV1beta1Adapter(List.of("uuid"));

  @Test
  void v1beta1ClaimGetsItsDeviceUuidAndTaintsFromTheSlice() {
    DeviceCatalog catalog = new DeviceCatalog();
    assertThat(catalog.put(adapter.slice(slice("node-a"))))
        .containsExactly("gpu.nvidia.com/node-a");
    ClaimState state =
        new ClaimMapper("c1").map(adapter.claim(claim("node-a", "gpu-1")), catalog, NOW);
    assertThat(state)
        .isEqualTo(
            new ClaimState(
                "c1",
                "ml",
                "trainer-gpu-abc12",
                "claim-uid",
                "v1beta1",
                true,
                "node-a",
                List.of(
                    new AllocatedDevice(
                        "gpu", "gpu.nvidia.com", "node-a", "gpu-1", "GPU-1111", true)),
                List.of(new ObjectRef("v1", "Pod", "ml", "trainer", "pod-uid")),
                List.of(
                    new Taint(
                        "example.com/unhealthy",
                        "ecc",
                        "NoExecute",
                        "gpu.nvidia.com/node-a/gpu-1")),
                "42",
                NOW));
  }

  @Test
  void unpublishedDeviceHasNoUuidAndDeletingTheSliceForgetsIt() {
    DeviceCatalog catalog = new DeviceCatalog();
    ClaimMapper mapper = new ClaimMapper("c1");
    assertThat(mapper.map(adapter.claim(claim("node-a", "gpu-1")), catalog, NOW).devices())
        .extracting(AllocatedDevice::gpuUuid)
        .containsOnlyNulls();
    catalog.put(adapter.slice(slice("node-a")));
    assertThat(catalog.remove("node-a-gpu")).contains("gpu.nvidia.com/node-a");
    assertThat(catalog.device("gpu.nvidia.com", "node-a", "gpu-1")).isEmpty();
  }

  @Test
  void pendingClaimIsNotAllocated() {
    ResourceClaim pending =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withNamespace("ml")
            .withName("p")
            .endMetadata()
            .build();
    DraClaim claim = adapter.claim(pending);
    assertThat(claim.allocated()).isFalse();
    assertThat(claim.results()).isEmpty();
    assertThat(claim.node()).isNull();
  }

  @Test
  void discoveryPrefersV1ThenFallsBackToV1beta1() {
    Set<String> both = Set.of("resourceclaims", "resourceslices", "deviceclasses");
    assertThat(DraVersionSelector.select(DraMode.AUTO, gv -> both)).isEqualTo(DraApiVersion.V1);
    assertThat(
            DraVersionSelector.select(
                DraMode.AUTO, gv -> gv.endsWith("/v1beta1") ? both : Set.of()))
        .isEqualTo(DraApiVersion.V1BETA1);
    assertThat(DraVersionSelector.select(DraMode.AUTO, gv -> Set.of("resourceclaims")))
        .isEqualTo(DraApiVersion.NONE);
    assertThat(
            DraVersionSelector.select(DraMode.V1, gv -> gv.endsWith("/v1beta1") ? both : Set.of()))
        .isEqualTo(DraApiVersion.NONE);
    assertThat(DraVersionSelector.select(DraMode.DISABLED, gv -> both))
        .isEqualTo(DraApiVersion.NONE);
  }

  private static ResourceSlice slice(String node) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(node + "-gpu")
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNodeName(node)
        .withNewPool()
        .withName(node)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .addNewDevice()
        .withName("gpu-0")
        .withNewBasic()
        .withAttributes(Map.of("uuid", new DeviceAttributeBuilder().withString("GPU-0000").build()))
        .endBasic()
        .endDevice()
        .addNewDevice()
        .withName("gpu-1")
        .withNewBasic()
        // a driver may qualify its attribute names with its own domain
        .withAttributes(
            Map.of(
                "gpu.nvidia.com/uuid", new DeviceAttributeBuilder().withString("GPU-1111").build()))
        .addNewTaint()
        .withKey("example.com/unhealthy")
        .withValue("ecc")
        .withEffect("NoExecute")
        .endTaint()
        .endBasic()
        .endDevice()
        .endSpec()
        .build();
  }

  private static ResourceClaim claim(String node, String device) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withNamespace("ml")
        .withName("trainer-gpu-abc12")
        .withUid("claim-uid")
        .withResourceVersion("42")
        .endMetadata()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest("gpu")
        .withDriver("gpu.nvidia.com")
        .withPool(node)
        .withDevice(device)
        .withAdminAccess(true)
        .endResult()
        .endDevices()
        .withNodeSelector(
            new NodeSelectorBuilder()
                .addNewNodeSelectorTerm()
                .addNewMatchField()
                .withKey("metadata.name")
                .withOperator("In")
                .withValues(node)
                .endMatchField()
                .endNodeSelectorTerm()
                .build())
        .endAllocation()
        .addNewReservedFor()
        .withResource("pods")
        .withName("trainer")
        .withUid("pod-uid")
        .endReservedFor()
        .endStatus()
        .build();
  }
}
