package io.strata.k8swatcher;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.k8swatcher.support.DraDiscovery;
import io.strata.testsupport.MeterNames;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithKubernetesTestServer(crud = true, setup = DraDiscovery.class)
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
  void readinessReportsSyncedInformersAndTheDraVersion() {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                given()
                    .when()
                    .get("/q/health/ready")
                    .then()
                    .statusCode(200)
                    .body("checks.find { it.name == 'k8s-informers' }.data.dra", equalTo("V1"))
                    .body(
                        "checks.find { it.name == 'k8s-informers' }.data.resourceslices",
                        equalTo("synced"))
                    .body("checks.find { it.name == 'kafka-publisher' }.status", equalTo("UP")));
  }

  @Test
  void metricsArePrometheusText() {
    given()
        .when()
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .body(containsString("# TYPE jvm_memory_used_bytes gauge"))
        .body(containsString("# TYPE strata_k8s_watcher_buffer_pending gauge"));
  }

  @Test
  void ownMetersFollowTheNamingConvention() {
    String page = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    assertThat(MeterNames.notPrefixed(page, "strata_k8s_watcher_")).isEmpty();
  }
}
