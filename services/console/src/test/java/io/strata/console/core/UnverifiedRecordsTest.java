package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.journal.signature.VerificationReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The unverified journal records are bounded: the newest kept, listed newest first. */
class UnverifiedRecordsTest {

  @Test
  void theNewestAreKeptAndEachIncidentSeesItsOwn() {
    ConsoleState state =
        new ConsoleState(new ConsoleLimits(2, 2, 2, 2, 2, 1, 2, 1.2, 2, Duration.ofHours(1), 2));
    state.unverified(record("inc-a", 1));
    state.unverified(record("inc-b", 2));
    state.unverified(record("inc-a", 3));

    assertThat(state.unverifiedRecords())
        .extracting(UnverifiedRecord::offset)
        .containsExactly(3L, 2L);
    assertThat(state.sizes()).containsEntry("unverified_records", 2);
  }

  private static UnverifiedRecord record(String incident, long offset) {
    return new UnverifiedRecord(
        "act-" + offset,
        incident,
        ActionType.CORDON_NODE,
        ActionState.APPROVED,
        VerificationReason.BAD_SIGNATURE,
        "strata-demo-1",
        null,
        0,
        offset);
  }
}
