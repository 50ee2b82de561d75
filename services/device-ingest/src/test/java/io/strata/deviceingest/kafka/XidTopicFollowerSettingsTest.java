package io.strata.deviceingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hand-built XID consumer authenticates like the Quarkus-managed clients (issue 16). */
class XidTopicFollowerSettingsTest {

  @Test
  void theServiceSecuritySettingsAreMergedIntoTheConsumer() {
    Map<String, Object> security =
        Map.of(
            "security.protocol", "SASL_SSL",
            "sasl.mechanism", "SCRAM-SHA-512",
            "ssl.truststore.location", "/etc/strata/kafka/ca.p12");

    Map<String, Object> settings = XidTopicFollower.consumerSettings("kafka:9093", security);

    assertThat(settings)
        .containsEntry("bootstrap.servers", "kafka:9093")
        .containsEntry("client.id", "strata-device-ingest-xid-history")
        .containsEntry("enable.auto.commit", false)
        .containsEntry("auto.offset.reset", "earliest")
        .containsEntry("isolation.level", "read_committed")
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .containsEntry("ssl.truststore.location", "/etc/strata/kafka/ca.p12")
        .hasSize(8);
  }
}
