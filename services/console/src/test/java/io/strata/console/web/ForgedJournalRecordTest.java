package io.strata.console.web;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.console.Fixtures;
import io.strata.console.JournalSigning;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalSigner;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/**
 * The problem ADR 052 fixes, against a real broker: anyone who may produce to strata.remediation.v1
 * writes an APPROVED record for a proposed action. The console shows the remediator's signed state,
 * never the forgery, and lists the forged records as unverified with their reason.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(FakeUpstreams.class)
class ForgedJournalRecordTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String INCIDENT = "inc-forged01";
  private static final String ACTION = "act-forged0000000001";

  /** What an attacker renders if the page ever wrote a value as HTML. */
  private static final String INJECTED = "<img src=x onerror=alert(1)>";

  @InjectTestKafka TestKafka kafka;

  @Test
  void aForgedApprovalNeverBecomesTheActionsStateAndIsListedWithItsReason() throws Exception {
    Instant opened = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    RemediationAction proposed = action(ACTION, ActionState.PROPOSED, null, opened.plusSeconds(6));
    RemediationAction forged =
        action(ACTION, ActionState.APPROVED, "mallory", opened.plusSeconds(7));
    // Well-formed, under the remediator's key id, but signed with a key of the attacker's own.
    JournalSigner attacker =
        new JournalSigner(
            JournalSigning.KEY_ID,
            KeyPairGenerator.getInstance("Ed25519").generateKeyPair().getPrivate());
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers());
        JournalSigning journal = new JournalSigning(kafka.bootstrapServers())) {
      client.send(
          Topics.INCIDENTS,
          INCIDENT,
          Fixtures.incident(
              INCIDENT, 1, IncidentState.OPEN, "local", "inference", "llm-serve", opened));
      journal.send(proposed, JournalSigning.tag(proposed));
      journal.send(forged, attacker.tag(forged));
      journal.send(action(ACTION, ActionState.EXECUTING, "mallory", opened.plusSeconds(8)), null);
      journal.send(action(INJECTED, ActionState.APPROVED, INJECTED, opened.plusSeconds(9)), null);
    }

    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/console/api/incidents/" + INCIDENT)
                    .then()
                    .statusCode(200)
                    .body("unverified_records.size()", equalTo(3)));
    given()
        .get("/console/api/incidents/" + INCIDENT)
        .then()
        .statusCode(200)
        // The remediator's own state: still a proposal to decide, by nobody yet.
        .body("plan.action_id", contains(ACTION))
        .body("plan[0].state", equalTo("PROPOSED"))
        .body("plan[0].approved_by", equalTo(null))
        .body("row.pending_actions", equalTo(1))
        // The newest first: what each forged record claims, and why it is not believed.
        .body("unverified_records.action_id", contains(INJECTED, ACTION, ACTION))
        .body("unverified_records.claimed_state", contains("APPROVED", "EXECUTING", "APPROVED"))
        .body("unverified_records.reason", contains("MISSING", "MISSING", "BAD_SIGNATURE"))
        .body("unverified_records[2].key_id", equalTo(JournalSigning.KEY_ID))
        .body("unverified_records[2].type", equalTo("CORDON_NODE"))
        .body("unverified_records[2].incident_id", equalTo(INCIDENT))
        .body("unverified_records[2].written_at", notNullValue());
    given()
        .get("/console/api/journal/unverified")
        .then()
        .statusCode(200)
        .body(
            "unverified_records.findAll { it.incident_id == '" + INCIDENT + "' }.reason",
            containsInAnyOrder("MISSING", "MISSING", "BAD_SIGNATURE"))
        .body("unverified_records.action_id", hasItems(INJECTED, ACTION));
    // The action the forged records name is not listed as pending elsewhere, nor as approved.
    given()
        .get("/console/api/incidents?workload=llm-serve")
        .then()
        .statusCode(200)
        .body(
            "incidents.find { it.incident_id == '" + INCIDENT + "' }.pending_actions", equalTo(1));
  }

  private static RemediationAction action(
      String id, ActionState state, String approvedBy, Instant at) {
    return new RemediationAction(
        id,
        INCIDENT,
        1,
        ActionType.CORDON_NODE,
        state,
        new TargetRef("v1", "Node", null, Fixtures.NODE),
        "{\"spec\":{\"unschedulable\":true}}",
        "{\"spec\":{\"unschedulable\":null}}",
        ActionOutcomeReason.UNSPECIFIED,
        "step 1 of the DEVICE_FAULT plan",
        approvedBy,
        approvedBy == null ? ApprovalChannel.UNSPECIFIED : ApprovalChannel.REST,
        approvedBy == null ? null : at,
        0,
        3,
        false,
        Correlation.empty(),
        at);
  }
}
