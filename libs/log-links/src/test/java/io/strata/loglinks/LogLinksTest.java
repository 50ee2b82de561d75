package io.strata.loglinks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogLinksTest {

  private static final LogLinks DOCUMENTED =
      LogLinks.of(
          LogLinkFixtures.PREFIX,
          Map.of(
              "grafana", LogLinkFixtures.GRAFANA,
              "kibana", LogLinkFixtures.KIBANA,
              "gcp", LogLinkFixtures.GCP),
          Duration.ofMinutes(5));

  static final String GRAFANA_TRACE =
      "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
          + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22"
          + "%3A%22A%22%2C%22datasource%22%3A%7B%22type%22%3A%22loki%22%2C%22uid%22%3A%22loki%22"
          + "%7D%2C%22expr%22%3A%22%7Bnamespace%3D%5C%22ml%5C%22%2Cpod%3D%5C%22llm-x2%5C"
          + "%22%7D%20%7C%3D%20%5C%224bf92f3577b34da6a3ce929d0e0e4736%5C%22%22%7D%5D%2C%22range"
          + "%22%3A%7B%22from%22%3A%221796723700000%22%2C%22to%22%3A%221796725050000%22%7D%7D%7D";

  @Test
  void theThreeDocumentedTemplatesRenderExactly() {
    List<LogLink> links = DOCUMENTED.render(LogLinkFixtures.incident(), List.of(), 10, 100_000);

    assertThat(links)
        .containsExactly(
            new LogLink("grafana", "trace 4bf92f3577b34da6a3ce929d0e0e4736", GRAFANA_TRACE),
            new LogLink(
                "gcp",
                "pod llm-x2",
                "https://console.cloud.google.com/logs/query;query=resource.type%3D%22k8s_container"
                    + "%22%0Aresource.labels.cluster_name%3D%22gpu-east%22"
                    + "%0Aresource.labels.namespace_name%3D%22ml%22"
                    + "%0Aresource.labels.pod_name%3D%22llm-x2%22"
                    + ";timeRange=2026-12-08T09%3A55%3A00Z%2F2026-12-08T10%3A17%3A30Z"
                    + "?project=gpu-prod"),
            new LogLink(
                "kibana",
                "pod llm-x2",
                "https://kibana.example/app/discover#/?_g=(time:(from:'2026-12-08T09%3A55%3A00Z',"
                    + "to:'2026-12-08T10%3A17%3A30Z'))&_a=(query:(language:kuery,query:"
                    + "'kubernetes.namespace:%22ml%22%20and%20kubernetes.pod.name:%22llm-x2%22'))"));
    assertThat(links.get(0).label())
        .isEqualTo("Logs (grafana): trace 4bf92f3577b34da6a3ce929d0e0e4736");
  }

  @Test
  void grafanasPanesParameterDecodesToTheExploreJsonWithTheLogQl() throws Exception {
    String query = URI.create(GRAFANA_TRACE).getRawQuery();
    String panes = query.substring(query.indexOf("panes=") + "panes=".length());
    JsonNode pane =
        new ObjectMapper().readTree(URLDecoder.decode(panes, StandardCharsets.UTF_8)).path("a");

    assertThat(pane.path("queries").get(0).path("expr").asText())
        .isEqualTo("{namespace=\"ml\",pod=\"llm-x2\"} |= \"4bf92f3577b34da6a3ce929d0e0e4736\"");
    assertThat(pane.path("range").path("from").asText()).isEqualTo("1796723700000");
    assertThat(pane.path("range").path("to").asText()).isEqualTo("1796725050000");
  }

  @Test
  void valuesWithSpacesQuotesAndUnicodeAreEncodedInsideTheStructure() {
    LogLinks kibana =
        LogLinks.of(
            LogLinkFixtures.PREFIX, Map.of("kibana", LogLinkFixtures.KIBANA), Duration.ZERO);
    RemediationAction pause = action(new TargetRef("v1", "Pod", "ml & \"ops\"", "llm é/#1"));

    List<LogLink> links = kibana.render(LogLinkFixtures.incident(), List.of(pause), 10, 100_000);

    assertThat(links).extracting(LogLink::subject).containsExactly("pod llm-x2", "pod llm é/#1");
    assertThat(links.get(1).url())
        .isEqualTo(
            "https://kibana.example/app/discover#/?_g=(time:(from:'2026-12-08T10%3A00%3A00Z',"
                + "to:'2026-12-08T10%3A12%3A30Z'))&_a=(query:(language:kuery,query:"
                + "'kubernetes.namespace:%22ml%20%26%20%22ops%22%22%20and%20kubernetes.pod.name:"
                + "%22llm%20%C3%A9%2F%231%22'))");
  }

  @Test
  void eachTemplateIsDrawnForTheSubjectsOfItsKindThatHaveEveryValue() {
    LogLinks links =
        LogLinks.of(
            LogLinkFixtures.PREFIX,
            Map.of(
                "node", "https://logs.example/node?n={node}&from={from_ms}",
                "container", "https://logs.example/c?pod={pod}&c={container}",
                "ns", "https://logs.example/ns?ns={namespace}"),
            Duration.ofMinutes(5));
    RemediationAction cordon = action(new TargetRef("v1", "Node", null, "gpu-node-9"));

    List<LogLink> rendered = links.render(LogLinkFixtures.incident(), List.of(cordon), 10, 100_000);

    // No container is known: the container template is skipped, not drawn with an empty value.
    assertThat(rendered)
        .extracting(LogLink::label)
        .containsExactly(
            "Logs (node): node gpu-node-7",
            "Logs (node): node gpu-node-9",
            "Logs (ns): incident inc-logs-1");
    assertThat(rendered.get(2).url()).isEqualTo("https://logs.example/ns?ns=ml");
  }

  @Test
  void linksAreBoundedInNumberAndLength() {
    List<LogLink> two = DOCUMENTED.render(LogLinkFixtures.incident(), List.of(), 2, 100_000);
    assertThat(two).extracting(LogLink::template).containsExactly("grafana", "gcp");

    // Within the GCP link's length: Grafana's longer link is left out, GCP's fits, Kibana's no
    // more.
    int gcpLength =
        DOCUMENTED.render(LogLinkFixtures.incident(), List.of(), 10, 100_000).get(1).url().length();
    List<LogLink> shorter = DOCUMENTED.render(LogLinkFixtures.incident(), List.of(), 10, gcpLength);
    assertThat(shorter).extracting(LogLink::template).containsExactly("gcp");

    assertThat(LogLinks.none().render(LogLinkFixtures.incident(), List.of(), 5, 4000)).isEmpty();
  }

  @Test
  void aResolvedIncidentsWindowEndsAtItsResolution() {
    Incident open = LogLinkFixtures.incident();
    Incident resolved =
        new Incident(
            open.incidentId(),
            open.revision(),
            open.incidentClass(),
            open.severity(),
            open.state(),
            open.summary(),
            open.correlation(),
            open.scope(),
            open.trigger(),
            open.longestStage(),
            open.evidence(),
            open.suggestedActions(),
            open.openedAt(),
            Instant.parse("2026-12-08T11:00:00Z"),
            Instant.parse("2026-12-08T10:20:00.001Z"),
            null,
            open.episode(),
            open.reopenedAt());
    LogLinks window =
        LogLinks.of(
            LogLinkFixtures.PREFIX,
            Map.of("w", "https://logs.example/?from={from}&to={to}"),
            Duration.ofMinutes(1));

    assertThat(window.render(resolved, List.of(), 1, 1000).get(0).url())
        .isEqualTo(
            "https://logs.example/?from=2026-12-08T09%3A59%3A00Z&to=2026-12-08T10%3A21%3A01Z");
  }

  @Test
  void bySubjectGivesEachTraceAndPodItsOwnLinksUnbounded() {
    RemediationAction pause = action(new TargetRef("v1", "Pod", null, "llm-y7"));

    List<LogLinks.SubjectLinks> subjects =
        DOCUMENTED.bySubject(LogLinkFixtures.incident(), List.of(pause));

    assertThat(subjects)
        .extracting(s -> s.subject().kind(), s -> s.subject().label())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                LogSubject.Kind.TRACE, "trace 4bf92f3577b34da6a3ce929d0e0e4736"),
            org.assertj.core.groups.Tuple.tuple(LogSubject.Kind.POD, "pod llm-x2"),
            org.assertj.core.groups.Tuple.tuple(LogSubject.Kind.POD, "pod llm-y7"));
    assertThat(subjects.get(0).links())
        .containsExactly(
            new LogLink("grafana", "trace 4bf92f3577b34da6a3ce929d0e0e4736", GRAFANA_TRACE));
    assertThat(subjects.get(0).subject().values().get(Placeholder.TRACE_ID))
        .isEqualTo(LogLinkFixtures.TRACE);
    assertThat(subjects.get(2).links())
        .extracting(LogLink::template)
        .containsExactly("gcp", "kibana");
    assertThat(subjects.get(2).links().get(1).url())
        .isEqualTo(
            "https://kibana.example/app/discover#/?_g=(time:(from:'2026-12-08T09%3A55%3A00Z',"
                + "to:'2026-12-08T10%3A17%3A30Z'))&_a=(query:(language:kuery,query:"
                + "'kubernetes.namespace:%22ml%22%20and%20kubernetes.pod.name:%22llm-y7%22'))");
    assertThat(LogLinks.none().bySubject(LogLinkFixtures.incident(), List.of())).isEmpty();
  }

  @Test
  void aBadTemplateFailsTheWholeSetNamingItsKey() {
    assertThatThrownBy(
            () ->
                LogLinks.of(
                    LogLinkFixtures.PREFIX,
                    Map.of("good", "https://logs.example/", "bad", "logs.example/{pod}"),
                    Duration.ZERO))
        .isInstanceOf(LogLinkException.class)
        .hasMessageStartingWith("strata.remediator.log-links.templates.bad: ");
  }

  private static RemediationAction action(TargetRef target) {
    return new RemediationAction(
        "act-1",
        "inc-logs-1",
        1,
        target.kind().equals("Node") ? ActionType.CORDON_NODE : ActionType.PAUSE_NEW_BATCHES,
        ActionState.PROPOSED,
        target,
        "{}",
        "{}",
        ActionOutcomeReason.UNSPECIFIED,
        "m",
        null,
        ApprovalChannel.UNSPECIFIED,
        null,
        0,
        3,
        false,
        Correlation.empty(),
        LogLinkFixtures.UPDATED);
  }
}
