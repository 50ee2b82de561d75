package io.strata.deviceingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.deviceingest.testing.FakeExporterResource;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.testsupport.MeterNames;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(FakeExporterResource.class)
@WithKubernetesTestServer(crud = true)
class ServiceEndpointsTest {

  @Test
  void healthIsUp() {
    // Readiness waits for the XID history to be read back from Kafka, shortly after start.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> given().when().get("/q/health").statusCode() == 200);
    given()
        .when()
        .get("/q/health")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"))
        .body(
            "checks.name",
            hasItems(
                "device-ingest-kafka-publisher",
                "device-ingest-scrape-loop",
                "device-ingest-discovery",
                "device-ingest-xid-recovery"));
  }

  @Test
  void metricsArePrometheusText() {
    given()
        .when()
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .body(containsString("# TYPE jvm_memory_used_bytes gauge"))
        .body(containsString("strata_device_ingest_targets"))
        .body(containsString("strata_device_ingest_publish_buffered"));
  }

  @Test
  void ownMetersFollowTheNamingConvention() {
    String page = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    assertThat(MeterNames.notPrefixed(page, "strata_device_ingest_")).isEmpty();
  }
}
