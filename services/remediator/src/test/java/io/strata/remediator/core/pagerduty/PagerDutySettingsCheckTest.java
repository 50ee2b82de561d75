package io.strata.remediator.core.pagerduty;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.Severity;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PagerDutySettingsCheckTest {

  private static final String URL = "https://events.pagerduty.com/v2/enqueue";

  @Test
  void offNeedsNothing() {
    assertThat(
            PagerDutySettingsCheck.problems(
                new PagerDutySettingsCheck.Settings(
                    false, "", Optional.empty(), Severity.UNSPECIFIED)))
        .isEmpty();
  }

  @Test
  void onWithA32CharacterKeyIsUsable() {
    assertThat(
            PagerDutySettingsCheck.problems(
                new PagerDutySettingsCheck.Settings(
                    true, URL, Optional.of(PagerFixtures.KEY), Severity.CRITICAL)))
        .isEmpty();
  }

  @Test
  void eachProblemNamesItsKeyAndNeverTheRoutingKey() {
    assertThat(
            PagerDutySettingsCheck.problems(
                new PagerDutySettingsCheck.Settings(
                    true, URL, Optional.empty(), Severity.CRITICAL)))
        .singleElement()
        .asString()
        .startsWith("strata.remediator.pagerduty.routing-key is not set (PAGERDUTY_ROUTING_KEY)");
    assertThat(
            PagerDutySettingsCheck.problems(
                new PagerDutySettingsCheck.Settings(
                    true,
                    "events.pagerduty.com/v2/enqueue",
                    Optional.of("short-key"),
                    Severity.UNSPECIFIED)))
        .containsExactly(
            "strata.remediator.pagerduty.routing-key (PAGERDUTY_ROUTING_KEY) has 9 characters;"
                + " an Events API v2 integration key has 32.",
            "strata.remediator.pagerduty.events-url is not an absolute http(s) URL:"
                + " 'events.pagerduty.com/v2/enqueue'.",
            "strata.remediator.pagerduty.min-severity is UNSPECIFIED; use INFO, WARNING or"
                + " CRITICAL.");
  }
}
