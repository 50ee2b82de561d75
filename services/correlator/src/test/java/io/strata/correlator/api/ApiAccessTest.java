package io.strata.correlator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who may read what: every case of ApiAccess with the exact status and reason. */
class ApiAccessTest {

  static final String VIEWER = "viewer-token-0123456789";
  static final String INTERNAL = "internal-token-0123456789";

  final ApiAccess access =
      new ApiAccess(new ApiTokens(Map.of("console", VIEWER), Optional.of(INTERNAL), true));

  @Test
  void noTokenOrAnUnknownOneIs401() {
    assertThat(access.decide(null, false).status()).isEqualTo(401);
    assertThat(access.decide("Bearer nope-nope-nope-nope", false).status()).isEqualTo(401);
    assertThat(access.decide("Basic " + VIEWER, false).status()).isEqualTo(401);
    assertThat(access.decide("Bearer " + VIEWER + "x", false).reason())
        .isEqualTo("a valid bearer token is required");
  }

  @Test
  void aViewerReadsTheMergedAnswerButNotAnInstancesLocalOne() {
    ApiAccess.Decision merged = access.decide("Bearer " + VIEWER, false);
    assertThat(merged.status()).isEqualTo(200);
    assertThat(merged.caller()).contains(new ApiCaller("console", ApiRole.VIEWER));
    ApiAccess.Decision local = access.decide("bearer " + VIEWER, true);
    assertThat(local.status()).isEqualTo(403);
    assertThat(local.reason())
        .isEqualTo("scope=local is for correlator instances (the internal token)");
  }

  @Test
  void theInternalTokenReadsOnlyLocalScope() {
    assertThat(access.decide("Bearer " + INTERNAL, true).caller())
        .contains(new ApiCaller(ApiCaller.INSTANCE_PRINCIPAL, ApiRole.INSTANCE));
    assertThat(access.decide("Bearer " + INTERNAL, true).status()).isEqualTo(200);
    assertThat(access.decide("Bearer " + INTERNAL, false).status()).isEqualTo(403);
  }

  @Test
  void productionWithoutATokenFailsNamingTheKey() {
    assertThatThrownBy(() -> new ApiTokens(Map.of(), Optional.empty(), false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("strata.correlator.api.tokens.<principal> is not set");
    assertThatThrownBy(() -> new ApiTokens(Map.of("console", VIEWER), Optional.empty(), true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("strata.correlator.api.internal-token is not set");
    assertThatThrownBy(() -> new ApiTokens(Map.of("console", VIEWER), Optional.of(VIEWER), true))
        .hasMessage("the same token is configured for console and correlator-instance");
  }

  @Test
  void oneInstanceWithoutForwardingNeedsNoInternalToken() {
    ApiAccess single = new ApiAccess(new ApiTokens(Map.of("cli", VIEWER), Optional.empty(), false));
    assertThat(single.decide("Bearer " + VIEWER, false).status()).isEqualTo(200);
    assertThat(single.decide("Bearer " + VIEWER, true).status()).isEqualTo(403);
  }
}
