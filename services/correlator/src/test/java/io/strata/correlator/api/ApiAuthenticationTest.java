package io.strata.correlator.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.embeddedkafka.StrataKafkaResource;
import org.junit.jupiter.api.Test;

/**
 * The REST API over HTTP with the %test tokens: 401 without a known token, 403 for a scope the
 * token's role may not read, the answer otherwise; never a 500. Health stays open.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class ApiAuthenticationTest {

  /** strata.correlator.api.tokens.console and .internal-token of the %test profile. */
  static final String VIEWER = "strata-local-correlator-token-0123456789";

  static final String INTERNAL = "strata-local-correlator-internal-0123456789";

  @Test
  void withoutATokenEveryApiPathIs401WithABearerChallenge() {
    for (String path :
        new String[] {
          "/api/incidents",
          "/api/incidents/inc-x",
          "/api/workloads",
          "/api/workloads/c/n/w",
          "/api/workloads/c/n/w/window",
          "/api/whoami"
        }) {
      given()
          .when()
          .get(path)
          .then()
          .statusCode(401)
          .header("WWW-Authenticate", "Bearer realm=\"strata-correlator\"")
          .body(equalTo("a valid bearer token is required"));
    }
    given().auth().oauth2("not-a-token-0123456789").get("/api/incidents").then().statusCode(401);
  }

  @Test
  void aViewerReadsAndIsToldWhoItIs() {
    given().auth().oauth2(VIEWER).get("/api/incidents").then().statusCode(200);
    given()
        .auth()
        .oauth2(VIEWER)
        .get("/api/whoami")
        .then()
        .statusCode(200)
        .body("principal", equalTo("console"))
        .body("role", equalTo("VIEWER"));
  }

  @Test
  void localScopeIsForInstancesOnly() {
    given()
        .auth()
        .oauth2(VIEWER)
        .queryParam("scope", "local")
        .get("/api/incidents")
        .then()
        .statusCode(403)
        .body(equalTo("scope=local is for correlator instances (the internal token)"));
    given()
        .auth()
        .oauth2(INTERNAL)
        .queryParam("scope", "local")
        .get("/api/workloads")
        .then()
        .statusCode(200);
    given().auth().oauth2(INTERNAL).get("/api/incidents").then().statusCode(403);
  }

  @Test
  void healthNeedsNoToken() {
    given().get("/q/health/live").then().statusCode(200);
  }
}
