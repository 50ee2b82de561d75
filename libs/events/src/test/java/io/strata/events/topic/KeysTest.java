package io.strata.events.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class KeysTest {

  @Test
  void keysJoinTheirPartsWithSlashes() {
    assertThat(Keys.gpu("prod", "gpu-node-07", "GPU-5c2a")).isEqualTo("prod/gpu-node-07/GPU-5c2a");
    assertThat(Keys.pod("prod", "inference", "llama-0")).isEqualTo("prod/inference/llama-0");
    assertThat(Keys.node("prod", "gpu-node-07")).isEqualTo("prod/gpu-node-07");
    assertThat(Keys.claim("prod", "inference", "gpu-claim")).isEqualTo("prod/inference/gpu-claim");
  }

  @Test
  void aMissingPartIsRefusedNotGuessed() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Keys.gpu("prod", null, "GPU-1"))
        .withMessageContaining("missing");
    assertThatIllegalArgumentException().isThrownBy(() -> Keys.pod("prod", "", "p"));
    assertThatIllegalArgumentException().isThrownBy(() -> Keys.node(null, "n"));
    assertThatIllegalArgumentException().isThrownBy(() -> Keys.claim("prod", "ns", ""));
  }

  @Test
  void keyDescriptionsMatchTheKeyBuilders() {
    assertThat(Topics.DEVICE_SAMPLES.keyDescription()).isEqualTo("cluster/node/gpu_uuid");
    assertThat(Topics.DEVICE_XIDS.keyDescription()).isEqualTo("cluster/node/gpu_uuid");
    assertThat(Topics.K8S_PODS.keyDescription()).isEqualTo("cluster/namespace/pod");
    assertThat(Topics.K8S_NODES.keyDescription()).isEqualTo("cluster/node");
    assertThat(Topics.K8S_CLAIMS.keyDescription()).isEqualTo("cluster/namespace/claim");
    assertThat(Topics.TRACE_SPANS.keyDescription()).isEqualTo("trace_id");
    assertThat(Topics.INCIDENTS.keyDescription()).isEqualTo("incident_id");
  }
}
