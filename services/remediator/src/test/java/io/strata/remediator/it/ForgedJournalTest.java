package io.strata.remediator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalSigner;
import io.strata.remediator.RemediationService;
import io.strata.remediator.TestKeys;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.JournalTags;
import io.strata.remediator.kube.ServedCluster;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Forgery against the real broker: whoever can produce to strata.remediation.v1 writes PROPOSED,
 * APPROVED and undo records (unsigned, signed with their own key, or genuine ones replayed); the
 * remediator rebuilding its memory from the topic executes none of them, dead-letters each with
 * INTEGRITY_CHECK_FAILED and its problem.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class ForgedJournalTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  /** A well-formed Ed25519 tag under the remediator's key id, signed with another key. */
  private static final JournalSigner ATTACKER = TestKeys.attacker("strata-demo-1");

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @Inject TestClock clock;
  @Inject RemediationService service;
  @Inject ActionJournal journal;
  @Inject JournalTags signer;

  private KafkaTestClient client;
  private JournalProducer producer;

  @BeforeEach
  void setUp() {
    client = new KafkaTestClient(kafka.bootstrapServers());
    producer = new JournalProducer(kafka.bootstrapServers());
    clock.advance(Duration.ofHours(3));
  }

  @AfterEach
  void tearDown() {
    producer.close();
    client.close();
  }

  @Test
  void forgedProposedAndApprovedRecordsAreNeverExecuted() {
    gpuNode("forge-a");
    gpuNode("forge-b");
    RemediationAction unsigned = proposed("inc-forge-a", "forge-a");
    producer.send(unsigned, null);
    producer.send(approved(unsigned), null);
    RemediationAction foreign = proposed("inc-forge-b", "forge-b");
    producer.send(foreign, ATTACKER.tag(foreign));
    producer.send(approved(foreign), ATTACKER.tag(approved(foreign)));

    service.recover();

    assertThat(journal.store().history(unsigned.actionId())).isEmpty();
    assertThat(journal.store().history(foreign.actionId())).isEmpty();
    assertThat(awaitDeadLetters("inc-forge-a", 2))
        .extracting(DeadLetter::detail)
        .allMatch(d -> d.startsWith("UNSIGNED: "));
    assertThat(awaitDeadLetters("inc-forge-b", 2))
        .extracting(DeadLetter::detail)
        .allMatch(d -> d.startsWith("BAD_TAG: "));
    assertThat(quarantined("forge-a")).isFalse();
    assertThat(quarantined("forge-b")).isFalse();
  }

  @Test
  void aForgedUndoAndAReplayedApprovalOfAGenuineActionAreNeverExecuted() {
    gpuNode("forge-c");
    // Healthy GPU nodes, so that one quarantine stays within max-percent.
    gpuNode("forge-c-spare-1");
    gpuNode("forge-c-spare-2");
    gpuNode("forge-c-spare-3");
    RemediationAction genuine = proposed("inc-forge-c", "forge-c");
    RemediationAction genuineApproval = approved(genuine);
    producer.send(genuine, signer.tag(genuine));
    producer.send(genuineApproval, signer.tag(genuineApproval));
    service.recover();
    await()
        .atMost(WAIT)
        .until(
            () -> journal.store().latest(genuine.actionId()).map(RemediationAction::state),
            s -> s.filter(ActionState.EXECUTED::equals).isPresent());
    assertThat(quarantined("forge-c")).isTrue();
    RemediationAction executed = journal.store().latest(genuine.actionId()).orElseThrow();

    // A forged EXECUTED of the original with an inverse of the attacker's, and a forged undo
    // already APPROVED; then the genuine, signed approval produced again.
    RemediationAction tampered =
        Actions.transition(
            Actions.executing(
                executed, executed.patch(), "{\"metadata\":{\"labels\":null}}", 1, clock.instant()),
            ActionState.EXECUTED,
            ActionOutcomeReason.UNSPECIFIED,
            "applied",
            clock.instant());
    producer.send(tampered, null);
    RemediationAction undo =
        Actions.proposed(
            ActionIds.undoOf(genuine.actionId()),
            genuine.incidentId(),
            1,
            ActionType.UNCORDON_NODE,
            genuine.target(),
            "{\"spec\":{\"taints\":null}}",
            null,
            "undo",
            3,
            false,
            null,
            clock.instant());
    producer.send(undo, null);
    producer.send(approved(undo), null);
    producer.send(genuineApproval, signer.tag(genuineApproval));

    service.recover();

    assertThat(journal.store().history(undo.actionId())).isEmpty();
    assertThat(journal.store().latest(genuine.actionId()).orElseThrow())
        .isEqualTo(executed)
        .extracting(RemediationAction::inversePatch)
        .isEqualTo("{\"spec\":{\"taints\":null}}");
    assertThat(awaitDeadLetters("inc-forge-c", 4))
        .extracting(d -> d.detail().substring(0, d.detail().indexOf(':')))
        .containsExactly("UNSIGNED", "UNSIGNED", "UNSIGNED", "OUT_OF_ORDER");
    assertThat(quarantined("forge-c")).isTrue();
    assertThat(
            journal.store().history(genuine.actionId()).stream()
                .filter(a -> a.state() == ActionState.EXECUTING)
                .count())
        .isEqualTo(1);
  }

  private RemediationAction proposed(String incidentId, String node) {
    return Actions.proposed(
        ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node(node)),
        incidentId,
        1,
        ActionType.CORDON_NODE,
        TargetGateway.node(node),
        null,
        null,
        "step 1",
        3,
        false,
        null,
        clock.instant());
  }

  private RemediationAction approved(RemediationAction proposal) {
    return Actions.decided(
        proposal, ActionState.APPROVED, "mallory", ApprovalChannel.REST, clock.instant());
  }

  /** The first {@code count} dead letters of the incident's records, from the last rebuild on. */
  private List<DeadLetter> awaitDeadLetters(String incidentId, int count) {
    List<ConsumerRecord<byte[], byte[]>> letters =
        client.readUntil(
            Topics.DEADLETTER, records -> ofIncident(records, incidentId).size() >= count, WAIT);
    List<DeadLetter> found =
        ofIncident(letters, incidentId).stream()
            .map(r -> DeadLetterHeaders.read(r.headers()).orElseThrow())
            .toList();
    assertThat(found)
        .extracting(DeadLetter::reason)
        .contains(DeadLetterReason.INTEGRITY_CHECK_FAILED);
    return found.subList(0, count);
  }

  private static List<ConsumerRecord<byte[], byte[]>> ofIncident(
      List<ConsumerRecord<byte[], byte[]>> records, String incidentId) {
    return records.stream()
        .filter(r -> r.key() != null)
        .filter(r -> incidentId.equals(new String(r.key(), StandardCharsets.UTF_8)))
        .toList();
  }

  private void gpuNode(String name) {
    TestNodes.gpu(server.getClient(), name);
  }

  private boolean quarantined(String name) {
    return TestNodes.quarantined(server.getClient(), name);
  }
}
