package io.strata.deviceingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.deviceingest.testing.FakeExporterResource;
import io.strata.embeddedkafka.StrataKafkaResource;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(FakeExporterResource.class)
@WithKubernetesTestServer(crud = true)
class ServiceEndpointsTest {

  @Test
  void healthIsUp() {
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
                "device-ingest-discovery"));
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
}
