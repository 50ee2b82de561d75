package io.strata.embeddedkafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.DeviceFinding;
import io.strata.events.device.FindingKind;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** Brokers stopped by a test come back on the same address, with the data they had. */
class BrokerRestartTest {

  private static DeviceFinding finding(String id) {
    return new DeviceFinding(
        id,
        FindingKind.FIELD_MISSING,
        null,
        "c1",
        null,
        "http://t/metrics",
        null,
        id,
        List.of("X"),
        null,
        null,
        null,
        1,
        Instant.EPOCH);
  }

  @Test
  void restartedBrokersKeepTheirAddressAndTheirRecords() {
    try (TestKafka kafka = KafkaProvider.EMBEDDED.start(1)) {
      String bootstrap = kafka.bootstrapServers();
      try (KafkaTestClient client = new KafkaTestClient(bootstrap)) {
        client.send(Topics.DEVICE_FINDINGS, "k", finding("before"));
        assertThat(client.readAtLeast(Topics.DEVICE_FINDINGS, 1, Duration.ofSeconds(20)))
            .hasSize(1);
      }

      kafka.stopBrokers();
      assertThat(kafka.brokerCount()).isZero();
      kafka.startBrokers();

      assertThat(kafka.brokerCount()).isEqualTo(1);
      assertThat(kafka.bootstrapServers()).isEqualTo(bootstrap);
      try (KafkaTestClient client = new KafkaTestClient(bootstrap)) {
        client.send(Topics.DEVICE_FINDINGS, "k", finding("after"));
        List<ConsumerRecord<String, DeviceFinding>> records =
            client.readAtLeast(Topics.DEVICE_FINDINGS, 2, Duration.ofSeconds(30));
        assertThat(records)
            .extracting(r -> r.value().findingId())
            .containsExactly("before", "after");
      }
    }
  }
}
