package io.strata.traceingest.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The Authorization headers Alertmanager's http_config sends, and what is refused. */
class WebhookAuthenticatorTest {

  private final WebhookAuthenticator both =
      new WebhookAuthenticator("s3cr3t-token-for-strata", "alertmanager", "b4s1c-p4ss", false);

  @Test
  void alertmanagersBearerAndBasicHeadersPass() {
    // The headers Alertmanager 0.25.0 sent (src/test/resources/alertmanager/README.md).
    assertThat(both.check("Bearer s3cr3t-token-for-strata")).isEmpty();
    assertThat(both.check("Basic YWxlcnRtYW5hZ2VyOmI0czFjLXA0c3M=")).isEmpty();
    assertThat(both.check("bearer  s3cr3t-token-for-strata "))
        .as("scheme is case-insensitive")
        .isEmpty();
  }

  @Test
  void wrongOrMalformedCredentialsAreWrong() {
    for (String header :
        new String[] {
          "Bearer s3cr3t-token-for-strat",
          "Bearer s3cr3t-token-for-strata2",
          "Bearer",
          "Basic " + basic("alertmanager", "wrong"),
          "Basic " + basic("other", "b4s1c-p4ss"),
          "Basic not*base64",
          "Token s3cr3t-token-for-strata",
          "s3cr3t-token-for-strata"
        }) {
      assertThat(both.check(header)).as(header).contains(WebhookRejection.WRONG_CREDENTIALS);
    }
  }

  @Test
  void aMissingHeaderIsMissing() {
    assertThat(both.check(null)).contains(WebhookRejection.MISSING_CREDENTIALS);
    assertThat(both.check("  ")).contains(WebhookRejection.MISSING_CREDENTIALS);
  }

  @Test
  void onlyTheConfiguredSchemeIsAccepted() {
    WebhookAuthenticator bearerOnly = new WebhookAuthenticator("t0ken", null, null, false);
    assertThat(bearerOnly.check("Basic " + basic("alertmanager", "t0ken")))
        .contains(WebhookRejection.WRONG_CREDENTIALS);
    assertThat(bearerOnly.challenge()).isEqualTo("Bearer realm=\"strata\"");

    WebhookAuthenticator basicOnly = new WebhookAuthenticator(null, "u", "p", false);
    assertThat(basicOnly.check("Bearer p")).contains(WebhookRejection.WRONG_CREDENTIALS);
    assertThat(basicOnly.check("Basic " + basic("u", "p"))).isEmpty();
    assertThat(basicOnly.challenge()).isEqualTo("Basic realm=\"strata\"");
    assertThat(both.challenge()).isEqualTo("Bearer realm=\"strata\", Basic realm=\"strata\"");
  }

  @Test
  void withoutACredentialEveryoneIsRefusedUnlessExplicitlyAllowed() {
    WebhookAuthenticator none = new WebhookAuthenticator(null, null, null, false);
    assertThat(none.configured()).isFalse();
    assertThat(none.check("Bearer anything")).contains(WebhookRejection.AUTH_NOT_CONFIGURED);
    assertThat(none.check(null)).contains(WebhookRejection.AUTH_NOT_CONFIGURED);

    WebhookAuthenticator open = new WebhookAuthenticator("", "u", null, true);
    assertThat(open.configured()).as("empty token, half a pair").isFalse();
    assertThat(open.check(null)).isEmpty();
    assertThat(open.check("Bearer anything")).isEqualTo(Optional.empty());
  }

  @Test
  void aConfiguredCredentialIsRequiredEvenWhenUnauthenticatedAccessIsAllowed() {
    WebhookAuthenticator token = new WebhookAuthenticator("t0ken", null, null, true);
    assertThat(token.check(null)).contains(WebhookRejection.MISSING_CREDENTIALS);
  }

  private static String basic(String user, String password) {
    return Base64.getEncoder()
        .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }
}
