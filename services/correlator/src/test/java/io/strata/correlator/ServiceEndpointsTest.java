package io.strata.correlator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.testsupport.MeterNames;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class ServiceEndpointsTest {

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
  void kafkaStreamsMetersArePublishedWithoutThePerNodeAndPerStoreOperationOnes() {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                given()
                    .when()
                    .get("/q/metrics")
                    .then()
                    .extract()
                    .asString()
                    .contains("kafka_stream_"));
    String page = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    assertThat(page)
        .doesNotContain("kafka_stream_processor_node_")
        .doesNotContain("kafka_stream_state_put_rate");
  }

  @Test
  void ownMetersFollowTheNamingConvention() {
    String page = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    assertThat(MeterNames.notPrefixed(page, "strata_correlator_")).isEmpty();
  }
}
