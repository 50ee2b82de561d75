package io.strata.remediator.core.teams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TeamsActivityParserTest {

  private static TeamsInvoke parse(ObjectNode body) throws TeamsRefused {
    return ActivityParser.invoke(
        ActivityParser.envelope(body.toString().getBytes(StandardCharsets.UTF_8)));
  }

  private static void refused(ObjectNode body, TeamsProblem problem) {
    assertThatThrownBy(() -> parse(body))
        .isInstanceOfSatisfying(
            TeamsRefused.class, e -> assertThat(e.problem()).isEqualTo(problem));
  }

  @Test
  void anApproveInvokeNamesTheApproverActionAndShownPatch() throws TeamsRefused {
    TeamsInvoke invoke = parse(TeamsFixtures.invoke("f:1", "aad-1", "approve", "act-1", "abc123"));

    assertThat(invoke)
        .isEqualTo(
            new TeamsInvoke(
                TeamsInvoke.Verb.APPROVE,
                "act-1",
                Optional.of("abc123"),
                "aad-1",
                Optional.empty(),
                Optional.of("1733652000000")));
    assertThat(invoke.principal()).isEqualTo("teams:aad-1");
  }

  @Test
  void theEnvelopeNeedsJsonAnIdAChannelAndAServiceUrl() {
    assertThatThrownBy(() -> ActivityParser.envelope("[1]".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(
            TeamsRefused.class,
            e -> assertThat(e.problem()).isEqualTo(TeamsProblem.MALFORMED_JSON));
    assertThatThrownBy(() -> ActivityParser.envelope(new byte[0]))
        .isInstanceOfSatisfying(
            TeamsRefused.class,
            e -> assertThat(e.problem()).isEqualTo(TeamsProblem.MALFORMED_JSON));
    ObjectNode body = TeamsFixtures.invoke("f:1", "aad-1", "approve", "act-1", "abc");
    body.remove("id");
    refused(body, TeamsProblem.NO_ACTIVITY_ID);
    body = TeamsFixtures.invoke("f:1", "aad-1", "approve", "act-1", "abc");
    body.put("channelId", 7);
    refused(body, TeamsProblem.NO_CHANNEL_ID);
    body = TeamsFixtures.invoke("f:1", "aad-1", "approve", "act-1", "abc");
    body.remove("serviceUrl");
    refused(body, TeamsProblem.NO_SERVICE_URL);
  }

  @Test
  void onlyStrataButtonsFromAKnownPersonAreInvokes() {
    ObjectNode body = TeamsFixtures.invoke("f:1", "aad-1", "approve", "act-1", "abc");
    body.put("name", "composeExtension/query");
    refused(body, TeamsProblem.UNSUPPORTED_INVOKE);
    body = TeamsFixtures.invoke("f:1", "aad-1", "approve", "act-1", "abc");
    ((ObjectNode) body.path("value").path("action")).put("type", "Action.Submit");
    refused(body, TeamsProblem.UNSUPPORTED_ACTION);
    refused(
        TeamsFixtures.invoke("f:1", "aad-1", "undo", "act-1", "abc"), TeamsProblem.UNKNOWN_VERB);
    refused(TeamsFixtures.invoke("f:1", " ", "approve", "act-1", "abc"), TeamsProblem.NO_USER);
    refused(TeamsFixtures.invoke("f:1", "aad-1", "approve", "", "abc"), TeamsProblem.NO_ACTION_ID);
    refused(
        TeamsFixtures.invoke("f:1", "aad-1", "approve", "act-1", null), TeamsProblem.NO_PATCH_HASH);
  }

  @Test
  void aRejectNeedsNoHashAndAUpnAloneIdentifiesTheApprover() throws TeamsRefused {
    ObjectNode body = TeamsFixtures.invoke("f:1", null, "reject", "act-1", null);
    ((ObjectNode) body.path("from")).remove("aadObjectId");
    ((ObjectNode) body.path("from")).put("userPrincipalName", "oncall@example.com");

    TeamsInvoke invoke = parse(body);

    assertThat(invoke.verb()).isEqualTo(TeamsInvoke.Verb.REJECT);
    assertThat(invoke.approver()).isEqualTo("oncall@example.com");
    assertThat(invoke.patchHash()).isEmpty();
  }
}
