package io.strata.journal.signature;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.remediation.RemediationAction;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The canonical content, exactly as docs/EVENTS.md spells it out for other languages. */
class JournalCanonicalTest {

  @Test
  void everyPartIsItsUtf8LengthAndText() {
    assertThat(JournalCanonical.of(Actions.CORDON))
        .isEqualTo(
            "v2|24:act-e79c0234fd22daf84871|12:inc-f9232929|1:1|11:CORDON_NODE|8:APPROVED"
                + "|2:v1|4:Node|-|12:gpu-node-003"
                + "|31:{\"spec\":{\"unschedulable\":true}}|31:{\"spec\":{\"unschedulable\":null}}"
                + "|11:UNSPECIFIED|11:U0SIMONCALL|5:SLACK|20:2026-12-01T12:25:24Z|1:0|1:3|5:false"
                + "|24:2026-12-01T12:25:24.250Z|1:1|-|-");
  }

  @Test
  void thePolicyAndTheEpisodeAreCoveredAndNonAsciiCountsInBytes() {
    String canonical = JournalCanonical.of(Actions.PAUSE);

    assertThat(canonical)
        .isEqualTo(
            "v2|24:act-3e176113a7a40fd48772|12:inc-f9232929|1:2|17:PAUSE_NEW_BATCHES|8:APPROVED"
                + "|2:v1|3:Pod|9:inference|11:llm-serve-0"
                + "|51:{\"metadata\":{\"labels\":{\"strata.io/paused\":\"true\"}}}|-"
                + "|11:UNSPECIFIED|16:zoë@example.com|6:POLICY|20:2026-12-01T12:25:24Z|1:0|1:3"
                + "|5:false|20:2026-12-01T12:25:24Z|1:2|15:gpu-faults-auto|4:AUTO");
    // "zoë@example.com" is 15 characters and 16 bytes.
    assertThat(JournalCanonical.bytes(Actions.PAUSE))
        .isEqualTo(canonical.getBytes(StandardCharsets.UTF_8))
        .hasSize(canonical.length() + 1);
  }

  @Test
  void theMessageAndTheCorrelationAreNotCovered() {
    RemediationAction a = Actions.CORDON;
    RemediationAction reworded =
        new RemediationAction(
            a.actionId(),
            a.incidentId(),
            a.step(),
            a.type(),
            a.state(),
            a.target(),
            a.patch(),
            a.inversePatch(),
            a.reason(),
            "another message",
            a.approvedBy(),
            a.approvalChannel(),
            a.approvedAt(),
            a.attempt(),
            a.maxAttempts(),
            a.dryRun(),
            Correlation.builder().cluster("other").build(),
            a.updatedAt(),
            a.episode(),
            a.policy());

    assertThat(JournalCanonical.of(reworded)).isEqualTo(JournalCanonical.of(a));
  }
}
