package io.strata.remediator.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Fault-suite finding 2: an approval accepted while the leader rebuilt its memory was applied to
 * the store the rebuild then replaced, so it was never executed. A write and a rebuild now never
 * overlap: the approval lands in the rebuilt store.
 */
class JournalMemoryTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private static final RemediationAction CORDON =
      Actions.proposed(
          "act-cordon",
          "inc-1",
          1,
          ActionType.CORDON_NODE,
          new TargetRef("v1", "Node", null, "gpu-node-1"),
          "{}",
          "{}",
          "step 1",
          3,
          false,
          null,
          T0);

  private final JournalMemory memory = new JournalMemory();

  @Test
  void anApprovalWrittenDuringARebuildLandsInTheRebuiltStore() throws Exception {
    memory.write(store -> store.apply(CORDON, "tag-proposed"));
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch topicRead = new CountDownLatch(1);
    CompletableFuture<Void> rebuild =
        CompletableFuture.runAsync(
            () ->
                memory.rebuild(
                    () -> {
                      // What the topic held at its end offsets: the proposal only.
                      ActionStore rebuilt = new ActionStore();
                      rebuilt.apply(CORDON, "tag-proposed");
                      reading.countDown();
                      awaitLatch(topicRead);
                      return rebuilt;
                    }));
    awaitLatch(reading);
    CompletableFuture<Void> approval =
        CompletableFuture.runAsync(
            () ->
                memory.write(
                    store ->
                        store.apply(
                            Actions.decided(
                                CORDON,
                                ActionState.APPROVED,
                                "oncall",
                                ApprovalChannel.REST,
                                T0.plusSeconds(1)),
                            "tag-approved")));
    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(() -> !approval.isDone());
    topicRead.countDown();
    rebuild.get(5, TimeUnit.SECONDS);
    approval.get(5, TimeUnit.SECONDS);

    assertThat(memory.store().latest("act-cordon").orElseThrow().state())
        .isEqualTo(ActionState.APPROVED);
    assertThat(memory.store().latestTag("act-cordon")).contains("tag-approved");
  }

  @Test
  void aRebuildThatFailsKeepsTheStoreItHad() {
    memory.write(store -> store.apply(CORDON, "tag-proposed"));
    ActionStore before = memory.store();

    assertThatThrownBy(
            () ->
                memory.rebuild(
                    () -> {
                      throw new IllegalStateException("broker unavailable");
                    }))
        .hasMessage("broker unavailable");
    assertThat(memory.store()).isSameAs(before);
    assertThat(memory.store().size()).isEqualTo(1);
  }

  private static void awaitLatch(CountDownLatch latch) {
    try {
      if (!latch.await(5, TimeUnit.SECONDS)) {
        throw new IllegalStateException("latch not released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
