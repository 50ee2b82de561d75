package io.strata.correlator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.kafka.streams.runtime.KafkaStreamsProducer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.testsupport.MeterNames;
import jakarta.inject.Inject;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class ServiceEndpointsTest {

  @Inject MeterRegistry registry;
  @Inject KafkaStreamsProducer streams;

  @Test
  void healthIsUp() {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                given()
                    .when()
                    .get("/q/health")
                    .then()
                    .statusCode(200)
                    .body("status", equalTo("UP")));
  }

  @Test
  void readinessSaysTheStreamThreadsRun() {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                given()
                    .when()
                    .get("/q/health/ready")
                    .then()
                    .statusCode(200)
                    .body(
                        "checks.find { it.name == 'kafka-streams-running' }.status", equalTo("UP"))
                    .body(
                        "checks.find { it.name == 'kafka-streams-running' }.data.state",
                        equalTo("RUNNING"))
                    .body(
                        "checks.find { it.name == 'kafka-streams-running' }.data.ranOnce",
                        equalTo(true)));
  }

  @Test
  void metricsArePrometheusText() {
    given()
        .when()
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .body(containsString("# TYPE jvm_memory_used_bytes gauge"));
  }

  @Test
  void kafkaStreamsPerNodeAndPerStoreOperationMetersAreFilteredOut() {
    // Registered here rather than awaited from Kafka Streams: the binder adds a task's meters only
    // at its next refresh, so the page alone could pass before any of them existed.
    Gauge.builder("kafka.stream.processor.node.record.e2e.latency.max", () -> 1.0)
        .register(registry);
    Gauge.builder("kafka.stream.state.put.rate", () -> 2.0).register(registry);
    Gauge.builder("kafka.stream.state.size.all.mem.tables", () -> 3.0).register(registry);
    // A name Kafka Streams does not use (its own carry tags, and Prometheus wants one tag set per
    // name); %test's stores are in memory, so RocksDB's size meters do not exist here either.
    Gauge.builder("kafka.stream.state.updater.test.probe", () -> 4.0).register(registry);

    String page = given().when().get("/q/metrics").then().statusCode(200).extract().asString();

    assertThat(page)
        .doesNotContain("kafka_stream_processor_node_record_e2e_latency_max")
        .doesNotContain("kafka_stream_state_put_rate")
        .containsPattern("\\nkafka_stream_state_size_all_mem_tables(\\{[^}]*})? 3\\.0\\n")
        .containsPattern("\\nkafka_stream_state_updater_test_probe(\\{[^}]*})? 4\\.0\\n");
  }

  @Test
  void theStreamThreadsConsumerFetchesAtMost256KiBAndRestoresKeepKafkasDefault() {
    StreamsConfig config = streams.getStreamsConfig();

    assertThat(config.getMainConsumerConfigs("g", "c", 0))
        .containsEntry(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, "262144");
    assertThat(config.getRestoreConsumerConfigs("c"))
        .doesNotContainKey(ConsumerConfig.FETCH_MAX_BYTES_CONFIG);
  }

  @Test
  void ownMetersFollowTheNamingConvention() {
    String page = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    assertThat(MeterNames.notPrefixed(page, "strata_correlator_")).isEmpty();
  }
}
