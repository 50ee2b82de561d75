package io.strata.liverun;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

class ReaderWarmupTest {

  @Test
  void decodesAnLz4BatchAndBuildsTheFollowedTopicsReadersWithoutThrowing() {
    // "{}" is not a valid XidEvent or Incident: the serde's refusal is part of the warm-up.
    assertThatCode(ReaderWarmup::run).doesNotThrowAnyException();
  }
}
