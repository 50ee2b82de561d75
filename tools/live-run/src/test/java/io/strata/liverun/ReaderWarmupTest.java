package io.strata.liverun;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

class ReaderWarmupTest {

  @Test
  void decodesAnLz4BatchAndBuildsTheFollowedTopicsReadersWithoutThrowing() {
    // Run on every live run before the first injection: a throw here would end the run unmeasured.
    assertThatCode(ReaderWarmup::run).doesNotThrowAnyException();
  }
}
