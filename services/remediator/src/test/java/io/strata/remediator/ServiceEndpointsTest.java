package io.strata.remediator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.events.topic.Topics;
import io.strata.remediator.it.SlackReceiverResource;
import io.strata.remediator.kube.ServedCluster;
import io.strata.testsupport.MeterNames;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class ServiceEndpointsTest {

  @Test
  void readyOnlyWithTheIncidentsPartitionsAssignedThenHealthIsUp() {
    // The only consumer of its group holds every partition of strata.incidents.v1.
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () ->
                given()
                    .when()
                    .get("/q/health/ready")
                    .then()
                    .statusCode(200)
                    .body("checks.find { it.name == 'incidents-partitions' }.status", equalTo("UP"))
                    .body(
                        "checks.find { it.name == 'incidents-partitions' }.data.partitions",
                        equalTo(Topics.INCIDENTS.defaultPartitions())));
    given().when().get("/q/health").then().statusCode(200).body("status", equalTo("UP"));
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
  void ownMetersFollowTheNamingConvention() {
    String page = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    assertThat(MeterNames.notPrefixed(page, "strata_remediator_")).isEmpty();
  }
}
