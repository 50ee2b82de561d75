package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.topic.Topics;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The fault suite's scale-out row (issue 44, docs/E2E.md "Fault suite"): a system of its own with
 * two correlator instances on three brokers ({@link ScaleOutFault#WIRING}); one instance killed
 * with SIGKILL and one broker stopped while XID 79s arrive. Each XID must be exactly one incident,
 * nothing lost on the log or left unconsumed, nothing dead-lettered, and the survivor must answer
 * the workload API with the baselines learnt before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScaleOutFaultIT {

  private final Clock clock = Clock.systemUTC();
  private final FaultTable table = new FaultTable();
  private Path work;
  private long started;
  private StrataSystem system;
  private TopicRecorder recorder;
  private TopicAudit audit;
  private CorrelatorGroup group;

  @BeforeAll
  void start() throws IOException {
    started = System.nanoTime();
    Path repo = Path.of(System.getProperty("strata.repo", "..")).toAbsolutePath().normalize();
    work = Path.of(System.getProperty("strata.e2e.work", "target/e2e")).resolve("scale-out");
    system = StrataSystem.start(repo, work, ScaleOutFault.WIRING);
    recorder =
        new TopicRecorder(
            system.bootstrapServers(),
            clock,
            List.of(Topics.INCIDENTS, Topics.DEVICE_XIDS, Topics.DEADLETTER));
    audit = new TopicAudit(system.bootstrapServers());
    group = new CorrelatorGroup(system.bootstrapServers());
  }

  @AfterAll
  void stop() throws IOException {
    try {
      table.print(work.resolve("scale-out.txt"), FaultBench.secondsSince(started));
    } finally {
      for (AutoCloseable closeable : new AutoCloseable[] {group, audit, recorder, system}) {
        try {
          if (closeable != null) {
            closeable.close();
          }
        } catch (Exception e) {
          System.err.println("[scale-out] while stopping: " + e);
        }
      }
    }
  }

  @Test
  void aCorrelatorKilledAndABrokerStoppedRaiseEveryXidOnceAndTheSurvivorAnswers() {
    ScaleOutFault.Outcome outcome = new ScaleOutFault(system, recorder, audit, clock, group).run();
    FaultRow row = outcome.row();
    table.add(row);
    String fault = row.fault();
    Set<String> failed = outcome.cycle().failedNodes();
    assertThat(failed).as("XIDs on nodes of their own").hasSize(4);
    assertThat(outcome.cycle().incidentsPerNode().values())
        .as(fault + ": incidents per XID " + outcome.cycle().incidentsPerNode())
        .allMatch(ids -> ids.size() == 1);
    assertThat(row.incidents())
        .as(fault + ": incidents " + outcome.cycle().incidentIds())
        .isEqualTo(4);
    assertThat(row.signalsLost()).as(fault + ": XIDs without an incident").isZero();
    assertThat(row.duplicated()).as(fault + ": duplicated incidents").isZero();
    assertThat(row.lostOnLog()).as(fault + ": records lost on the log").isEmpty();
    assertThat(row.unconsumed()).as(fault + ": records never consumed").isEmpty();
    assertThat(system.service(outcome.killed()).alive()).as(outcome.killed() + " alive").isFalse();
    assertThat(system.service(outcome.survivor()).ready())
        .as(outcome.survivor() + " ready")
        .isTrue();
    assertThat(recorder.since(Topics.DEADLETTER, Instant.EPOCH, r -> true)).isEmpty();
    assertThat(recorder.failures()).isEmpty();
  }
}
