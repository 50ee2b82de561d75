package io.strata.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewOutcome;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.remediation.TargetRef;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalKeys;
import io.strata.journal.signature.JournalSigner;
import io.strata.journal.signature.JournalVerifier;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FeedTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  private final List<String> lines = new ArrayList<>();
  private final Feed feed = new Feed(lines::add);

  @Test
  void printsOneLinePerStepFromIncidentToReview() {
    send(Topics.INCIDENTS, incident(IncidentState.OPEN, 1, T0));
    send(
        Topics.INCIDENTS,
        incident(IncidentState.OPEN, 2, T0.plusSeconds(10))); // an update, same state
    send(Topics.REMEDIATION, action(ActionState.PROPOSED, null, T0.plusSeconds(1)));
    send(Topics.REMEDIATION, action(ActionState.APPROVED, "U024BE7LH", T0.plusSeconds(20)));
    send(Topics.REMEDIATION, action(ActionState.EXECUTED, "U024BE7LH", T0.plusSeconds(21)));
    send(Topics.INCIDENTS, incident(IncidentState.RESOLVED, 3, T0.plusSeconds(95)));
    send(Topics.REVIEWS, review(T0.plusSeconds(96)));

    assertThat(lines).hasSize(6);
    assertThat(lines.get(0))
        .startsWith("12:00:00  incident OPEN")
        .contains("DEVICE_FAULT", "nodes gpu-node-2", "workloads ml/llm")
        .contains("trigger xid=79 ")
        .doesNotContain("79xid")
        .contains("→ suggests CORDON_NODE, PAUSE_NEW_BATCHES");
    assertThat(lines.get(1))
        .startsWith("12:00:01  action   PROPOSED")
        .contains("CORDON_NODE", "Node/gpu-node-2");
    assertThat(lines.get(2)).contains("APPROVED", "by U024BE7LH via slack");
    assertThat(lines.get(3)).contains("EXECUTED");
    assertThat(lines.get(4))
        .startsWith("12:01:35  incident RESOLVED")
        .contains("recovered in 1m35s");
    assertThat(lines.get(5))
        .contains(
            "review   RECOVERED",
            "actions CORDON_NODE EXECUTED",
            "exemplar trace 4bf92f3577b34da6a3ce929d0e0e4736")
        .contains("missing: spans without k8s.pod.name");
    assertThat(feed.reviews()).isEqualTo(1);
  }

  @Test
  void reportsAnUnreadableRecordAndGoesOn() {
    feed.accept(Topics.INCIDENTS.name(), "{not json".getBytes(StandardCharsets.UTF_8), 42);
    send(Topics.INCIDENTS, incident(IncidentState.OPEN, 1, T0));

    assertThat(lines).hasSize(2);
    assertThat(lines.get(0))
        .startsWith("unreadable record on strata.incidents.v1 at offset 42: MALFORMED_JSON");
    assertThat(lines.get(1)).contains("incident OPEN");
  }

  @Test
  void ignoresTombstonesAndOtherTopics() {
    feed.accept(Topics.INCIDENTS.name(), null, 1);
    feed.accept("some.other.topic", "{}".getBytes(StandardCharsets.UTF_8), 2);
    assertThat(lines).isEmpty();
  }

  /** The local run's demo key pair (remediator application.properties), NOT A SECRET. */
  private static final String DEMO_KEYS =
      "strata-demo-1:MCowBQYDK2VwAyEAGEv1Ko7dmVggl/1i7ING7xcEFfHs00p5nXKIXfjdJhc=";

  private static final JournalSigner REMEDIATOR =
      new JournalSigner(
          "strata-demo-1",
          JournalKeys.privateKey(
              "demo", "MC4CAQAwBQYDK2VwBCIEIEwt1Xx9uiRClcFchmieDy14kqHYu9cZkQtYRXIGv2UV"));

  @Test
  void withKeysEveryActionLineSaysWhetherItsSignatureVerifies() {
    Feed verifying = new Feed(lines::add, Optional.of(JournalVerifier.of("keys", DEMO_KEYS)));
    RemediationAction proposed = action(ActionState.PROPOSED, null, T0.plusSeconds(1));
    RemediationAction forged = action(ActionState.APPROVED, "mallory", T0.plusSeconds(20));
    RemediationAction approved = action(ActionState.APPROVED, "U024BE7LH", T0.plusSeconds(21));

    send(verifying, proposed, REMEDIATOR.tag(proposed));
    send(verifying, forged, REMEDIATOR.tag(proposed));
    send(verifying, forged, null);
    send(verifying, approved, REMEDIATOR.tag(approved));

    assertThat(lines)
        .containsExactly(
            "12:00:01  action   PROPOSED  CORDON_NODE        act-1c2d3e4f  Node/gpu-node-2"
                + "  VERIFIED",
            "12:00:20  action   APPROVED  CORDON_NODE        act-1c2d3e4f  Node/gpu-node-2"
                + "  by mallory via slack  UNVERIFIED(BAD_SIGNATURE)",
            "12:00:20  action   APPROVED  CORDON_NODE        act-1c2d3e4f  Node/gpu-node-2"
                + "  by mallory via slack  UNVERIFIED(MISSING)",
            // The forged APPROVED never became the action's state: the genuine one is a step.
            "12:00:21  action   APPROVED  CORDON_NODE        act-1c2d3e4f  Node/gpu-node-2"
                + "  by U024BE7LH via slack  VERIFIED");
  }

  @Test
  void theKeysComeFromTheOptionElseTheEnvironment() {
    FeedMain.FeedOptions none = FeedMain.FeedOptions.parse();
    assertThat(FeedMain.verifier(none, Map.of())).isEmpty();
    assertThat(
            FeedMain.verifier(none, Map.of("STRATA_JOURNAL_VERIFICATION_KEYS", DEMO_KEYS))
                .orElseThrow()
                .keyIds())
        .containsExactly("strata-demo-1");
    FeedMain.FeedOptions given = FeedMain.FeedOptions.parse("--verification-keys", "bad");
    assertThat(given.verificationKeys()).isEqualTo("bad");
    assertThatThrownBy(
            () -> FeedMain.verifier(given, Map.of("STRATA_JOURNAL_VERIFICATION_KEYS", DEMO_KEYS)))
        .hasMessage("--verification-keys: entry 1 is not keyId:base64DER (no ':')");
    assertThatThrownBy(
            () -> FeedMain.verifier(none, Map.of("STRATA_JOURNAL_VERIFICATION_KEYS", "a:b%")))
        .hasMessage(
            "STRATA_JOURNAL_VERIFICATION_KEYS: key 'a' is neither PEM (-----BEGIN PUBLIC KEY-----)"
                + " nor base64 DER");
  }

  @Test
  void parsesOptionsAndRejectsBadOnes() {
    FeedMain.FeedOptions options =
        FeedMain.FeedOptions.parse(
            "--bootstrap", "localhost:19092", "--from-beginning", "--until-reviews", "1");
    assertThat(options.bootstrap()).isEqualTo("localhost:19092");
    assertThat(options.fromBeginning()).isTrue();
    assertThat(options.untilReviews()).isEqualTo(1);
    assertThat(options.since()).isNull();
    assertThat(FeedMain.FeedOptions.parse("--since", "1795521600000").since())
        .isEqualTo(Instant.parse("2026-11-24T12:00:00Z"));
    assertThatThrownBy(() -> FeedMain.FeedOptions.parse("--since", "yesterday"))
        .hasMessageContaining("epoch milliseconds");
    assertThatThrownBy(() -> FeedMain.FeedOptions.parse("--timeout", "0"))
        .hasMessageContaining("at least 1");
    assertThatThrownBy(() -> FeedMain.FeedOptions.parse("--until-reviews"))
        .hasMessageContaining("needs a value");
    assertThatThrownBy(() -> FeedMain.FeedOptions.parse("--loud"))
        .hasMessageContaining("unknown option --loud");
  }

  private static void send(Feed feed, RemediationAction action, String tag) {
    String topic = Topics.REMEDIATION.name();
    feed.accept(
        topic, Topics.REMEDIATION.valueSerde().serializer().serialize(topic, action), 0, tag);
  }

  private <V> void send(Topic<String, V> topic, V value) {
    feed.accept(topic.name(), topic.valueSerde().serializer().serialize(topic.name(), value), 0);
  }

  private static Incident incident(IncidentState state, long revision, Instant at) {
    return new Incident(
        "inc-7f3a9c21d4e5",
        revision,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        state,
        "XID 79 on gpu-node-2",
        Correlation.builder()
            .cluster("local")
            .node("gpu-node-2")
            .namespace("ml")
            .workload("llm")
            .build(),
        new Scope(
            "local",
            List.of("gpu-node-2"),
            List.of(),
            List.of("ml/llm"),
            List.of("v2"),
            true,
            true,
            true),
        new Trigger(Signal.XID, 79, null, "xid", T0, T0),
        null,
        null,
        List.of(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES),
        T0,
        at,
        state == IncidentState.RESOLVED ? at : null,
        state == IncidentState.RESOLVED ? 95_000L : null,
        Incident.FIRST_EPISODE,
        null);
  }

  private static RemediationAction action(ActionState state, String approver, Instant at) {
    return new RemediationAction(
        "act-1c2d3e4f5a6b7c",
        "inc-7f3a9c21d4e5",
        1,
        ActionType.CORDON_NODE,
        state,
        new TargetRef("v1", "Node", null, "gpu-node-2"),
        "{\"spec\":{\"unschedulable\":true}}",
        "{\"spec\":{\"unschedulable\":null}}",
        null,
        null,
        approver,
        approver == null ? null : ApprovalChannel.SLACK,
        approver == null ? null : at,
        1,
        3,
        false,
        Correlation.empty(),
        at);
  }

  private static ReviewRecord review(Instant at) {
    return new ReviewRecord(
        "inc-7f3a9c21d4e5",
        IncidentClass.DEVICE_FAULT,
        ReviewOutcome.RECOVERED,
        null,
        List.of(),
        "4bf92f3577b34da6a3ce929d0e0e4736",
        List.of(),
        List.of(
            new ActionRecord(
                "act-1c2d3e4f5a6b7c",
                ActionType.CORDON_NODE,
                ActionState.EXECUTED,
                null,
                "U024BE7LH",
                ApprovalChannel.SLACK,
                T0.plusSeconds(20),
                T0.plusSeconds(21),
                null)),
        T0,
        T0.plusSeconds(21),
        T0.plusSeconds(95),
        21_000L,
        95_000L,
        List.of("spans without k8s.pod.name"),
        at);
  }
}
