package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.console.Fixtures;
import io.strata.events.Correlation;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.loglinks.LogLinkException;
import io.strata.loglinks.LogLinks;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the incident page puts its log links, and their exact URLs. */
class IncidentLogLinksTest {

  /** Grafana Explore with Loki, one link per pod (docs/services/console.md, "Log links"). */
  static final String GRAFANA_POD =
      "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
          + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22"
          + "%3A%22A%22%2C%22expr%22%3A%22%7Bnamespace%3D%5C%22{namespace}%5C%22%2Cpod%3D%5C%22"
          + "{pod}%5C%22%7D%22%7D%5D%2C%22range%22%3A%7B%22from%22%3A%22{from_ms}%22%2C%22to"
          + "%22%3A%22{to_ms}%22%7D%7D%7D";

  /** The same with the exemplar's trace id as a line filter, one link per exemplar trace. */
  static final String GRAFANA_TRACE =
      "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
          + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22"
          + "%3A%22A%22%2C%22expr%22%3A%22%7Bnamespace%3D%5C%22{namespace}%5C%22%2Cpod%3D%5C%22"
          + "{pod}%5C%22%7D%20%7C%3D%20%5C%22{trace_id}%5C%22%22%7D%5D%2C%22range%22%3A%7B"
          + "%22from%22%3A%22{from_ms}%22%2C%22to%22%3A%22{to_ms}%22%7D%7D%7D";

  private static final LogLinks TEMPLATES =
      LogLinks.of(
          IncidentLogLinks.CONFIG_PREFIX,
          Map.of("grafana", GRAFANA_POD, "grafana-trace", GRAFANA_TRACE),
          Duration.ofMinutes(5));

  private static final String PAUSED_POD = "llm-serve-7c9f-zzzzz";

  @Test
  void eachExemplarTraceAndEachPodGetsItsOwnLinks() {
    ConsoleState state = new ConsoleState(ConsoleStateTestLimits.LIMITS, TEMPLATES);
    // Opened 10:00:00, resolved 10:00:35: the window is 09:55:00 to 10:05:35 with the margin.
    state.incident(Fixtures.incident(3, IncidentState.RESOLVED));
    state.action(Fixtures.cordon(ActionState.EXECUTED, Fixtures.OPENED.plusSeconds(7)));
    state.action(pause(Fixtures.OPENED.plusSeconds(8)));

    IncidentLogLinks links = page(state).logLinks();

    assertThat(links.configured()).isTrue();
    assertThat(links.traces())
        .containsExactly(
            new IncidentLogLinks.Group(
                Fixtures.TRACE,
                java.util.List.of(
                    new IncidentLogLinks.Link(
                        "grafana-trace",
                        "Logs (grafana-trace): trace " + Fixtures.TRACE,
                        "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
                            + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A"
                            + "%5B%7B%22refId%22%3A%22A%22%2C%22expr%22%3A%22%7Bnamespace%3D%5C"
                            + "%22inference%5C%22%2Cpod%3D%5C%22llm-serve-7c9f-abcde%5C%22%7D%20"
                            + "%7C%3D%20%5C%2238f9413af6bcf8a4b88875fa61ba2e0b%5C%22%22%7D%5D%2C"
                            + "%22range%22%3A%7B%22from%22%3A%221796118900000%22%2C%22to%22%3A"
                            + "%221796119535000%22%7D%7D%7D"))));
    assertThat(links.pods())
        .extracting(IncidentLogLinks.Group::subject)
        .containsExactly("llm-serve-7c9f-abcde", PAUSED_POD);
    assertThat(links.pods().get(1).links())
        .containsExactly(
            new IncidentLogLinks.Link(
                "grafana",
                "Logs (grafana): pod " + PAUSED_POD,
                "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
                    + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B"
                    + "%22refId%22%3A%22A%22%2C%22expr%22%3A%22%7Bnamespace%3D%5C%22inference%5C"
                    + "%22%2Cpod%3D%5C%22llm-serve-7c9f-zzzzz%5C%22%7D%22%7D%5D%2C%22range%22%3A"
                    + "%7B%22from%22%3A%221796118900000%22%2C%22to%22%3A%221796119535000%22%7D"
                    + "%7D%7D"));
  }

  @Test
  void withoutTemplatesThePageSaysNoneIsConfigured() {
    ConsoleState state = new ConsoleState(ConsoleStateTestLimits.LIMITS);
    state.incident(Fixtures.incident(1, IncidentState.OPEN));

    assertThat(page(state).logLinks()).isEqualTo(IncidentLogLinks.none());
    assertThat(IncidentLogLinks.none().configured()).isFalse();
  }

  @Test
  void aTraceWithoutAPodGetsNoPodTemplatesLinkAndAnUnknownPlaceholderNamesTheConsolesKey() {
    ConsoleState state =
        new ConsoleState(
            ConsoleStateTestLimits.LIMITS,
            LogLinks.of(
                IncidentLogLinks.CONFIG_PREFIX,
                Map.of("trace-only", "https://tempo.example/trace/{trace_id}"),
                Duration.ZERO));
    state.incident(Fixtures.incident(1, IncidentState.OPEN));

    IncidentLogLinks links = page(state).logLinks();

    assertThat(links.traces())
        .singleElement()
        .satisfies(
            g ->
                assertThat(g.links())
                    .extracting(IncidentLogLinks.Link::url)
                    .containsExactly("https://tempo.example/trace/" + Fixtures.TRACE));
    assertThat(links.pods()).isEmpty();
    assertThatThrownBy(
            () ->
                LogLinks.of(
                    IncidentLogLinks.CONFIG_PREFIX,
                    Map.of("grafana", "https://grafana.example/?q={pod_name}"),
                    Duration.ZERO))
        .isInstanceOf(LogLinkException.class)
        .hasMessageStartingWith(
            "strata.console.log-links.templates.grafana: unknown placeholder {pod_name}");
    assertThatThrownBy(
            () ->
                LogLinks.of(
                    IncidentLogLinks.CONFIG_PREFIX,
                    Map.of("kibana", "ftp://kibana.example/{pod}"),
                    Duration.ZERO))
        .hasMessageStartingWith("strata.console.log-links.templates.kibana: ");
  }

  private static IncidentPage page(ConsoleState state) {
    return state
        .page(
            Fixtures.INCIDENT,
            Fixtures.OPENED.plusSeconds(60),
            null,
            new IncidentTelemetry(ConsoleStateTestLimits.LIMITS))
        .orElseThrow();
  }

  private static RemediationAction pause(Instant at) {
    return new RemediationAction(
        "act-pause-0000000000000",
        Fixtures.INCIDENT,
        2,
        ActionType.PAUSE_NEW_BATCHES,
        ActionState.PROPOSED,
        new TargetRef("v1", "Pod", "inference", PAUSED_POD),
        "{}",
        "{}",
        ActionOutcomeReason.UNSPECIFIED,
        "step 2 of the DEVICE_FAULT plan",
        null,
        ApprovalChannel.UNSPECIFIED,
        null,
        0,
        3,
        false,
        Correlation.empty(),
        at);
  }
}
