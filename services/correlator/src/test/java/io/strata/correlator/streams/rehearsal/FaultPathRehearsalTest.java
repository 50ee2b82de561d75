package io.strata.correlator.streams.rehearsal;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.streams.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultPathRehearsalTest {

  @TempDir Path parent;

  @Test
  void everyRehearsedXidOpensItsDeviceIncidentAndTheStoresAreGoneAfter() throws Exception {
    Files.createDirectories(parent.resolve("rehearsal-123").resolve("0_0")); // a killed run's
    FaultPathRehearsal.Result result = FaultPathRehearsal.run(Scenario.settings(), parent);

    // 16 node states and 16 pods, 16 nodes x 8 GPUs x 90 s of samples, 12 XIDs and 12 cordons.
    assertThat(result.records()).isEqualTo(32 + 11_520 + 12 + 12);
    // One device incident per XID, each published when it opens and again when its node is
    // cordoned (MITIGATING); the first two, still open a minute on (these settings' update
    // interval), once more: 26.
    assertThat(result.incidents()).isEqualTo(12).isEqualTo(FaultPathRehearsal.XIDS);
    assertThat(result.incidentUpdates()).isEqualTo(26);
    try (var left = Files.list(parent)) {
      assertThat(left).isEmpty();
    }
  }
}
