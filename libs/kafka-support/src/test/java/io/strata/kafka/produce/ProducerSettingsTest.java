package io.strata.kafka.produce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.topic.NodePartitioner;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

class ProducerSettingsTest {

  @Test
  void reliableDefaultsAreIdempotentAcksAllFiveInFlight() {
    Map<String, Object> props = ProducerSettings.reliable("k:9092", "strata-x").properties();

    assertThat(props)
        .containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "k:9092")
        .containsEntry(ProducerConfig.CLIENT_ID_CONFIG, "strata-x")
        .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
        .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
        .containsEntry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5)
        .doesNotContainKey(ProducerConfig.PARTITIONER_CLASS_CONFIG);
  }

  @Test
  void aProducerOfANodePartitionedTopicUsesTheNodePartitioner() {
    Map<String, Object> props =
        ProducerSettings.reliable("k:9092", "strata-x")
            .writing(List.of(Topics.K8S_PODS, Topics.K8S_NODES))
            .properties();

    assertThat(props)
        .containsEntry(ProducerConfig.PARTITIONER_CLASS_CONFIG, NodePartitioner.class.getName());
  }

  @Test
  void aProducerOfKeyHashedTopicsOnlyKeepsKafkasPartitioner() {
    Map<String, Object> props =
        ProducerSettings.reliable("k:9092", "strata-x")
            .writing(List.of(Topics.TRACE_SPANS, Topics.INCIDENTS))
            .properties();

    assertThat(props).doesNotContainKey(ProducerConfig.PARTITIONER_CLASS_CONFIG);
  }

  @Test
  void theRequestTimeoutIsLoweredToFitTheDeliveryTimeoutMinusLinger() {
    Map<String, Object> props =
        ProducerSettings.reliable("k:9092", "strata-x")
            .deliveryTimeout(Duration.ofSeconds(10))
            .linger(Duration.ofMillis(20))
            .requestTimeout(Duration.ofSeconds(15))
            .properties();

    assertThat(props)
        .containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000)
        .containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 9_980);
  }

  @Test
  void aRequestTimeoutThatFitsIsKept() {
    Map<String, Object> props =
        ProducerSettings.reliable("k:9092", "strata-x")
            .deliveryTimeout(Duration.ofSeconds(120))
            .requestTimeout(Duration.ofSeconds(15))
            .properties();

    assertThat(props).containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000);
  }

  @Test
  void aDeliveryTimeoutNoLongerThanTheLingerIsRejected() {
    ProducerSettings settings =
        ProducerSettings.reliable("k:9092", "strata-x")
            .deliveryTimeout(Duration.ofMillis(5))
            .linger(Duration.ofMillis(5));

    assertThatThrownBy(settings::properties)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("delivery timeout 5 ms must exceed linger 5 ms");
  }
}
