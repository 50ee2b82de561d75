package io.strata.remediator.core.pagerduty;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.remediator.core.pagerduty.Delivery.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PagerDuty's "Response Codes & Retry Logic": 202 done, 400 final, 429 / 5xx / no answer retried.
 */
class DeliveryTest {

  @ParameterizedTest
  @CsvSource({
    "202, DELIVERED, ACCEPTED",
    "200, DELIVERED, ACCEPTED",
    "429, TRANSIENT, THROTTLED",
    "500, TRANSIENT, SERVER_ERROR",
    "503, TRANSIENT, SERVER_ERROR",
    "400, PERMANENT, INVALID_EVENT",
    "401, PERMANENT, REFUSED",
    "404, PERMANENT, REFUSED",
    "413, PERMANENT, REFUSED",
    "301, PERMANENT, UNEXPECTED_STATUS",
    "101, PERMANENT, UNEXPECTED_STATUS"
  })
  void eachStatusIsClassified(int status, Outcome outcome, DeliveryReason reason) {
    Delivery delivery = Delivery.classify(status, "");
    assertThat(delivery.outcome()).isEqualTo(outcome);
    assertThat(delivery.reason()).isEqualTo(reason);
    assertThat(delivery.status()).isEqualTo(status);
  }

  @Test
  void anInvalidEventKeepsPagerDutysMessageAndErrors() {
    Delivery delivery =
        Delivery.classify(
            400,
            """
            {"status":"invalid event","message":"Event object is invalid",
             "errors":["Length of 'routing_key' is incorrect (should be 32 characters)"]}
            """);

    assertThat(delivery.detail())
        .isEqualTo(
            "Event object is invalid; Length of 'routing_key' is incorrect (should be 32"
                + " characters)");
  }

  @Test
  void aBodyThatIsNotJsonIsKeptOnOneLineAndCut() {
    assertThat(Delivery.classify(400, "bad\n request").detail()).isEqualTo("bad request");
    assertThat(Delivery.classify(502, "x".repeat(1_000)).detail())
        .hasSize(Delivery.DETAIL_CHARS + 1)
        .endsWith("…");
  }

  @Test
  void noAnswerIsTransient() {
    Delivery delivery = Delivery.unreachable("ConnectException: Connection refused");
    assertThat(delivery.outcome()).isEqualTo(Outcome.TRANSIENT);
    assertThat(delivery.reason()).isEqualTo(DeliveryReason.UNREACHABLE);
    assertThat(delivery.status()).isZero();
    assertThat(delivery.detail()).isEqualTo("ConnectException: Connection refused");
  }
}
