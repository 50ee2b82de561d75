package io.strata.remediator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.remediator.it.SlackReceiverResource;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true)
class ServiceEndpointsTest {

  @Test
  void healthIsUp() {
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
}
