package io.strata.remediator.it;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.strata.remediator.core.teams.TeamsTokens;
import java.util.Map;

/** Starts the {@link TeamsStandIn} and turns Teams on against it. */
public class TeamsStandInResource implements QuarkusTestResourceLifecycleManager {

  static final String APPROVER = "aad-oncall-0001";

  private static volatile TeamsStandIn standIn;

  public static TeamsStandIn standIn() {
    return standIn;
  }

  @Override
  public Map<String, String> start() {
    standIn = new TeamsStandIn();
    return Map.of(
        "strata.remediator.teams.enabled",
        "true",
        "strata.remediator.teams.app-id",
        TeamsTokens.APP_ID,
        "strata.remediator.teams.app-password",
        "test-app-password-not-a-secret",
        "strata.remediator.teams.openid-metadata-url",
        standIn.url("/openid"),
        "strata.remediator.teams.token-url",
        standIn.url("/token"),
        "strata.remediator.teams.service-url",
        standIn.serviceUrl(),
        "strata.remediator.teams.conversation-id",
        TeamsStandIn.CONVERSATION,
        "strata.remediator.teams.allowed-approvers",
        APPROVER + ",lead@example.com",
        "strata.remediator.teams.console-url",
        "https://strata.example");
  }

  @Override
  public void stop() {
    if (standIn != null) {
      standIn.close();
    }
  }
}
