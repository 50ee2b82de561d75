package io.strata.traceingest.it;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.strata.traceingest.alert.AlertFixtures;
import io.strata.traceingest.receiver.AlertmanagerHandler;

/** Posts notifications the way Alertmanager does, to the receiver's HTTP port. */
final class Alertmanager {

  /** The %test profile's credentials (application.properties). */
  static final String BEARER = "Bearer test-alertmanager-token";

  static final String BASIC = "Basic YWxlcnRtYW5hZ2VyOnRlc3QtYmFzaWMtcGFzc3dvcmQ=";

  private final int port;

  Alertmanager(int port) {
    this.port = port;
  }

  Response post(String fixture) {
    return post(AlertFixtures.body(fixture), BEARER);
  }

  Response post(byte[] body, String authorization) {
    RequestSpecification request =
        given()
            .port(port)
            .contentType("application/json")
            .header("User-Agent", "Alertmanager/0.25.0")
            .body(body);
    if (authorization != null) {
      request = request.header("Authorization", authorization);
    }
    return request.when().post(AlertmanagerHandler.PATH);
  }
}
