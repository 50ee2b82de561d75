package io.strata.events.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.serialization.Serdes;
import org.junit.jupiter.api.Test;

class TopicTest {

  @Test
  void compactedTopicsKeepStateForever() {
    for (Topic<?, ?> topic : Topics.all()) {
      if (topic.compacted()) {
        assertThat(topic.retention()).as(topic.name()).isNull();
        assertThat(topic.configs())
            .containsEntry("cleanup.policy", "compact")
            .containsEntry("retention.ms", "-1");
      }
    }
    assertThat(Topics.all().stream().filter(Topic::compacted).map(Topic::name))
        .containsExactlyInAnyOrder(
            "strata.k8s.pods.v1",
            "strata.k8s.nodes.v1",
            "strata.k8s.claims.v1",
            "strata.incidents.v1");
  }

  @Test
  void configsCarryPolicyAndRetention() {
    assertThat(Topics.DEVICE_SAMPLES.configs())
        .isEqualTo(Map.of("cleanup.policy", "delete", "retention.ms", "86400000"));
    assertThat(Topics.REVIEWS.configs()).containsEntry("retention.ms", "-1");
  }

  @Test
  void newTopicUsesTheDescriptor() {
    NewTopic created = Topics.TRACE_SPANS.newTopic((short) 1);
    assertThat(created.name()).isEqualTo("strata.traces.spans.v1");
    assertThat(created.numPartitions()).isEqualTo(6);
    assertThat(created.replicationFactor()).isEqualTo((short) 1);
    assertThat(created.configs()).isEqualTo(Topics.TRACE_SPANS.configs());
    assertThat(Topics.TRACE_SPANS.newTopic(12, (short) 3).numPartitions()).isEqualTo(12);
  }

  @Test
  void aTopicNeedsAPolicyAndAPartition() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new Topic<>(
                    "x",
                    Serdes.String(),
                    Serdes.String(),
                    null,
                    "k",
                    CleanupPolicy.UNSPECIFIED,
                    1,
                    Duration.ZERO,
                    Partitioning.KEY_HASH));
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new Topic<>(
                    "x",
                    Serdes.String(),
                    Serdes.String(),
                    null,
                    "k",
                    CleanupPolicy.DELETE,
                    0,
                    Duration.ZERO,
                    Partitioning.KEY_HASH));
  }
}
