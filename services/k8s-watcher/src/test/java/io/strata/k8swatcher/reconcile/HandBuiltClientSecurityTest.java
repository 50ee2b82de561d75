package io.strata.k8swatcher.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: the consumer k8s-watcher builds by hand (the reconcile reader) authenticates like the
 * Quarkus-managed clients, from the same kafka.* settings deploy/ gives the service (ADR 010), and
 * reads committed records only.
 */
class HandBuiltClientSecurityTest {

  @Test
  void theReconcileReaderTakesSaslAndSslFromTheServicesKafkaConfiguration() {
    SmallRyeConfig config =
        new SmallRyeConfigBuilder()
            .withSources(
                new PropertiesConfigSource(
                    Map.of(
                        "kafka.bootstrap.servers", "strata-kafka-bootstrap:9093",
                        "kafka.security.protocol", "SASL_SSL",
                        "kafka.sasl.mechanism", "SCRAM-SHA-512",
                        "kafka.sasl.jaas.config",
                            "org.apache.kafka.common.security.scram.ScramLoginModule required"
                                + " username=\"strata-k8s-watcher\" password=\"s3cret\";",
                        "kafka.ssl.truststore.type", "PKCS12",
                        "kafka.ssl.truststore.location", "/etc/strata/kafka-ca/ca.p12"),
                    "test",
                    500))
            .build();

    Map<String, Object> settings =
        CompactedTopicReader.settings(
            "strata-kafka-bootstrap:9093", KafkaClientSecurity.fromConfig(config));

    assertThat(settings)
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .containsEntry(
            "sasl.jaas.config",
            "org.apache.kafka.common.security.scram.ScramLoginModule required"
                + " username=\"strata-k8s-watcher\" password=\"s3cret\";")
        .containsEntry("ssl.truststore.type", "PKCS12")
        .containsEntry("ssl.truststore.location", "/etc/strata/kafka-ca/ca.p12")
        .containsEntry("isolation.level", "read_committed")
        .containsEntry("client.id", "strata-k8s-watcher-reconcile");
  }
}
