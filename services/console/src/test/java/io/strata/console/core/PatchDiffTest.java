package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PatchDiffTest {

  @Test
  void everyLeafOfTheMergePatchIsShownWithItsValueBefore() {
    assertThat(
            PatchDiff.text(
                PatchDiff.of(
                    "{\"metadata\":{\"annotations\":{\"strata.io/pause-batches\":\"true\","
                        + "\"strata.io/action-id\":\"act-1\"}}}",
                    "{\"metadata\":{\"annotations\":{\"strata.io/pause-batches\":null,"
                        + "\"strata.io/action-id\":null}}}")))
        .containsExactly(
            "- metadata.annotations.strata.io/pause-batches: (absent)",
            "+ metadata.annotations.strata.io/pause-batches: \"true\"",
            "- metadata.annotations.strata.io/action-id: (absent)",
            "+ metadata.annotations.strata.io/action-id: \"act-1\"");
  }

  @Test
  void aChangedValueShowsBothSides() {
    assertThat(
            PatchDiff.text(
                PatchDiff.of(
                    "{\"spec\":{\"containerConcurrency\":2}}",
                    "{\"spec\":{\"containerConcurrency\":4}}")))
        .containsExactly("- spec.containerConcurrency: 4", "+ spec.containerConcurrency: 2");
  }

  @Test
  void aPatchThatIsNotJsonIsShownAsItIs() {
    assertThat(PatchDiff.text(PatchDiff.of("not json", null)))
        .containsExactly("- (patch, not JSON): ", "+ (patch, not JSON): not json");
    assertThat(PatchDiff.of(null, null)).isEmpty();
  }
}
