package io.strata.remediator.slack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.Correlation;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.loglinks.LogLink;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.Actions;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SlackMessagesTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");

  @Test
  void aLargePlanStaysWithinSlacksBlockLimitWithUniqueBlockIds() {
    List<RemediationAction> actions =
        IntStream.range(0, 40)
            .mapToObj(
                i ->
                    Actions.proposed(
                        "act-" + i,
                        "inc-1",
                        1,
                        ActionType.CORDON_NODE,
                        TargetGateway.node("n" + i),
                        null,
                        null,
                        "m",
                        3,
                        false,
                        null,
                        T))
            .toList();

    ObjectNode message =
        SlackMessages.plan(
            incident(), actions, List.of("step 2 notify the owner"), LogLinks.none());

    JsonNode blocks = message.path("blocks");
    assertThat(blocks.size()).isLessThanOrEqualTo(50);
    Set<String> ids = new HashSet<>();
    blocks.forEach(
        b -> {
          if (b.has("block_id")) {
            assertThat(ids.add(b.path("block_id").asText())).isTrue();
          }
        });
    assertThat(message.toString()).contains("20 more action(s): see /api/actions");
    assertThat(message.path("text").asText())
        .isEqualTo("WARNING QUEUE_BACKLOG inc-1: p95 <up> & away");
  }

  @Test
  void anActionARuleApprovedNamesTheRuleAndOnceExecutedOffersItsUndo() {
    RemediationAction proposed =
        Actions.withPolicy(
            Actions.proposed(
                "act-auto",
                "inc-1",
                1,
                ActionType.CORDON_NODE,
                TargetGateway.node("n1"),
                "{\"spec\":{}}",
                "{\"spec\":{}}",
                "m",
                3,
                false,
                null,
                T),
            new PolicyRef("pool-auto", PolicyMode.AUTO));
    RemediationAction approved =
        Actions.decided(proposed, ActionState.APPROVED, "policy", ApprovalChannel.POLICY, T);
    RemediationAction executed =
        Actions.transition(
            approved, ActionState.EXECUTED, ActionOutcomeReason.UNSPECIFIED, "ok", T);

    String announced =
        SlackMessages.plan(incident(), List.of(approved), List.of(), LogLinks.none()).toString();
    String updated =
        SlackMessages.plan(incident(), List.of(executed), List.of(), LogLinks.none()).toString();

    // Announced where approvals go: no Approve button (nothing to decide), the rule named.
    assertThat(announced)
        .contains("APPROVED · policy rule pool-auto (AUTO)")
        .doesNotContain("\"action_id\":\"approve\"");
    assertThat(updated)
        .contains("EXECUTED · policy rule pool-auto (AUTO)")
        .contains("\"action_id\":\"undo\"");
  }

  @Test
  void mrkdwnControlCharactersAreEscaped() {
    ObjectNode message = SlackMessages.plan(incident(), List.of(), List.of(), LogLinks.none());

    assertThat(message.path("blocks").get(0).path("text").path("text").asText())
        .isEqualTo("*WARNING QUEUE_BACKLOG inc-1: p95 &lt;up&gt; &amp; away*");
    assertThat(message.toString()).contains("QUEUE_WAIT 900 ms").doesNotContain("baseline");
  }

  @Test
  void logLinksAreAContextLineOfEscapedMrkdwnLinks() {
    LogLinks logs =
        LogLinks.of(
            "strata.remediator.log-links",
            Map.of(
                "kibana",
                "https://kibana.example/app/discover#/?_g=(time:(from:'{from}',to:'{to}'))"
                    + "&_a=(query:(language:kuery,query:'x'))",
                "pods",
                "https://logs.example/?pod={pod}"),
            Duration.ofMinutes(5));

    ObjectNode message = SlackMessages.plan(incident(), List.of(), List.of(), logs);

    JsonNode line = message.path("blocks").get(3);
    assertThat(line.path("type").asText()).isEqualTo("context");
    assertThat(line.path("elements").get(0).path("text").asText())
        .isEqualTo(
            "<https://kibana.example/app/discover#/?_g=(time:(from:'2026-11-30T09%3A55%3A00Z',"
                + "to:'2026-11-30T10%3A05%3A00Z'))&amp;_a=(query:(language:kuery,query:'x'))"
                + "|Logs (kibana): incident inc-1>");
    assertThat(
            SlackMessages.plan(incident(), List.of(), List.of(), LogLinks.none())
                .path("blocks")
                .size())
        .isEqualTo(message.path("blocks").size() - 1);
  }

  @Test
  void theLogLineKeepsWholeLinksWithinItsLimit() {
    String url = "https://logs.example/?q=" + "a".repeat(1000);
    List<LogLink> links =
        IntStream.range(0, 5).mapToObj(i -> new LogLink("t", "pod p" + i, url)).toList();

    String line = SlackMessages.logLine(links);

    assertThat(line.split(" · ")).hasSize(2);
    assertThat(line).endsWith("|Logs (t): pod p1>");
  }

  private static Incident incident() {
    return new Incident(
        "inc-1",
        1,
        IncidentClass.QUEUE_BACKLOG,
        Severity.WARNING,
        IncidentState.OPEN,
        "p95 <up> & away",
        Correlation.empty(),
        null,
        new Trigger(Signal.QUEUE_WAIT, 900, null, "ms", T, T),
        null,
        Evidence.none(),
        List.of(),
        T,
        T,
        null,
        null,
        Incident.FIRST_EPISODE,
        null);
  }
}
