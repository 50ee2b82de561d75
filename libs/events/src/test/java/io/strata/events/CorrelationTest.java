package io.strata.events;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CorrelationTest {

  @Test
  void builderSetsEveryKey() {
    Correlation c = EventSamples.workload();
    assertThat(c.cluster()).isEqualTo("prod-us-east-1");
    assertThat(c.node()).isEqualTo("gpu-node-07");
    assertThat(c.namespace()).isEqualTo("inference");
    assertThat(c.workload()).isEqualTo("llama-70b");
    assertThat(c.job()).isEqualTo("llama-70b-serving");
    assertThat(c.pod()).isEqualTo(EventSamples.POD);
    assertThat(c.container()).isEqualTo("vllm");
    assertThat(c.modelVersion()).isEqualTo("llama-3-70b-instruct@2026-03-01");
    assertThat(c.queue()).isEqualTo("inference-high");
    assertThat(c.acceleratorType()).isEqualTo(EventSamples.ACCELERATOR);
  }

  @Test
  void emptyBuilderIsTheEmptyBlock() {
    assertThat(Correlation.builder().build()).isEqualTo(Correlation.empty());
    assertThat(Correlation.empty().cluster()).isNull();
  }

  @Test
  void blankKeysReadAsUnknown() {
    Correlation c = Correlation.builder().cluster(" ").pod("").namespace("ns").build();
    assertThat(c.cluster()).isNull();
    assertThat(c.pod()).isNull();
    assertThat(c.namespace()).isEqualTo("ns");
  }

  @Test
  void orElseFillsOnlyTheMissingKeys() {
    Correlation own = Correlation.builder().namespace("inference").pod("p-1").build();
    Correlation fallback =
        Correlation.builder().cluster("c").namespace("other").pod("p-2").queue("q").build();
    Correlation merged = own.orElse(fallback);
    assertThat(merged.cluster()).isEqualTo("c");
    assertThat(merged.namespace()).isEqualTo("inference");
    assertThat(merged.pod()).isEqualTo("p-1");
    assertThat(merged.queue()).isEqualTo("q");
    assertThat(merged.node()).isNull();
  }

  @Test
  void orElseOfNothingIsItself() {
    Correlation own = EventSamples.workload();
    assertThat(own.orElse(null)).isSameAs(own);
    assertThat(own.orElse(Correlation.empty())).isEqualTo(own);
    assertThat(Correlation.empty().orElse(own)).isEqualTo(own);
  }

  @Test
  void withersReplaceOneKey() {
    Correlation c = EventSamples.workload();
    assertThat(c.withCluster("other")).isEqualTo(rebuild(c).cluster("other").build());
    assertThat(c.withNode("n-2")).isEqualTo(rebuild(c).node("n-2").build());
    assertThat(c.withModelVersion("v2")).isEqualTo(rebuild(c).modelVersion("v2").build());
    assertThat(c.withAcceleratorType("a100")).isEqualTo(rebuild(c).acceleratorType("a100").build());
  }

  private static Correlation.Builder rebuild(Correlation c) {
    return Correlation.builder()
        .cluster(c.cluster())
        .node(c.node())
        .namespace(c.namespace())
        .workload(c.workload())
        .job(c.job())
        .pod(c.pod())
        .container(c.container())
        .modelVersion(c.modelVersion())
        .queue(c.queue())
        .acceleratorType(c.acceleratorType());
  }
}
