package io.strata.remediator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The backtest's {@code since}: Nd, Nh or ISO-8601, more than zero, at most 30 days. */
class PolicyBacktestPeriodTest {

  @Test
  void shortFormsAndIsoDurationsAreRead() throws Exception {
    assertThat(PolicyBacktests.period(null)).isEqualTo(Duration.ofDays(7));
    assertThat(PolicyBacktests.period("7d")).isEqualTo(Duration.ofDays(7));
    assertThat(PolicyBacktests.period("12h")).isEqualTo(Duration.ofHours(12));
    assertThat(PolicyBacktests.period("P30D")).isEqualTo(Duration.ofDays(30));
    assertThat(PolicyBacktests.period("pt90m")).isEqualTo(Duration.ofMinutes(90));
  }

  @Test
  void nothingLongerThan30DaysNorEmptyNorUnreadable() {
    for (String bad : new String[] {"31d", "P31D", "0h", "-1d", "PT-1H", "week", "7"}) {
      assertThatThrownBy(() -> PolicyBacktests.period(bad))
          .as(bad)
          .isInstanceOf(PolicyBacktests.Refused.class)
          .hasMessageEndingWith("not " + bad);
    }
  }
}
