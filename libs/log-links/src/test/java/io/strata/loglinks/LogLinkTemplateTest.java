package io.strata.loglinks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LogLinkTemplateTest {

  private static final String PREFIX = LogLinkFixtures.PREFIX;

  @Test
  void everyValueIsPercentEncodedOutsideRfc3986sUnreservedSet() {
    LogLinkTemplate t =
        LogLinkTemplate.parse(
            PREFIX, "logs", "https://logs.example/p/{node};c={cluster}?q={pod}#{trace_id}");

    String url =
        t.render(
                Map.of(
                    Placeholder.POD, "a b\"c&d#e/f+g'h=i?j;k%l",
                    Placeholder.CLUSTER, "é-日本~x_y.z",
                    Placeholder.NODE, "gpu/node 7",
                    Placeholder.TRACE_ID, "4bf9"))
            .orElseThrow();

    assertThat(url)
        .isEqualTo(
            "https://logs.example/p/gpu%2Fnode%207;c=%C3%A9-%E6%97%A5%E6%9C%AC~x_y.z"
                + "?q=a%20b%22c%26d%23e%2Ff%2Bg%27h%3Di%3Fj%3Bk%25l#4bf9");
  }

  @Test
  void aTemplateWhosePlaceholderHasNoValueIsNotRendered() {
    LogLinkTemplate t =
        LogLinkTemplate.parse(PREFIX, "logs", "https://logs.example/?pod={pod}&c={container}");

    assertThat(t.render(Map.of(Placeholder.POD, "llm-x2"))).isEmpty();
    assertThat(t.render(Map.of(Placeholder.POD, "llm-x2", Placeholder.CONTAINER, " "))).isEmpty();
    assertThat(t.render(Map.of(Placeholder.POD, "llm-x2", Placeholder.CONTAINER, "vllm")))
        .contains("https://logs.example/?pod=llm-x2&c=vllm");
    assertThat(t.uses()).containsExactlyInAnyOrder(Placeholder.POD, Placeholder.CONTAINER);
  }

  @Test
  void anUnknownPlaceholderFailsNamingTheKey() {
    assertThatThrownBy(
            () -> LogLinkTemplate.parse(PREFIX, "grafana", "https://g.example/?q={pod_name}"))
        .isInstanceOfSatisfying(
            LogLinkException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(LogLinkProblem.UNKNOWN_PLACEHOLDER);
              assertThat(e.key()).isEqualTo("strata.remediator.log-links.templates.grafana");
            })
        .hasMessageStartingWith(
            "strata.remediator.log-links.templates.grafana: unknown placeholder {pod_name}; known:"
                + " {cluster}, {namespace}, {pod}, {container}, {node}, {from}, {to}, {from_ms},"
                + " {to_ms}, {trace_id}.");
  }

  @Test
  void aRawBraceThatOpensNoPlaceholderFails() {
    assertThatThrownBy(
            () ->
                LogLinkTemplate.parse(PREFIX, "loki", "https://g.example/?expr={namespace=\"x\"}"))
        .isInstanceOfSatisfying(
            LogLinkException.class,
            e -> assertThat(e.reason()).isEqualTo(LogLinkProblem.UNKNOWN_PLACEHOLDER))
        .hasMessageContaining("templates.loki: unknown placeholder {namespace=\"x\"}");
    assertThatThrownBy(() -> LogLinkTemplate.parse(PREFIX, "loki", "https://g.example/?q={pod"))
        .hasMessage(
            "strata.remediator.log-links.templates.loki: the '{' at index 21 closes no placeholder."
                + " Write a literal brace percent-encoded (%7B, %7D).");
  }

  @Test
  void aTemplateThatIsNotAnAbsoluteHttpUrlFailsNamingTheKey() {
    for (String bad :
        new String[] {
          "/explore?pod={pod}",
          "ftp://logs.example/{pod}",
          "https:///{pod}",
          "https://logs.example/?q=a b",
          "https://logs.example/?q=\"{pod}\"",
          ""
        }) {
      assertThatThrownBy(() -> LogLinkTemplate.parse(PREFIX, "kibana", bad))
          .as(bad)
          .isInstanceOfSatisfying(
              LogLinkException.class,
              e -> {
                assertThat(e.reason()).isEqualTo(LogLinkProblem.NOT_HTTP_URL);
                assertThat(e.key()).isEqualTo("strata.remediator.log-links.templates.kibana");
              });
    }
  }

  @Test
  void aNameThatCannotBeALabelFails() {
    assertThatThrownBy(() -> LogLinkTemplate.parse(PREFIX, "my logs|x", "https://logs.example/"))
        .isInstanceOfSatisfying(
            LogLinkException.class,
            e -> assertThat(e.reason()).isEqualTo(LogLinkProblem.INVALID_NAME))
        .hasMessageStartingWith("strata.remediator.log-links.templates.my logs|x: ");
  }

  @Test
  void thePlaceholderMayStandInTheHost() {
    LogLinkTemplate t =
        LogLinkTemplate.parse(PREFIX, "per-cluster", "https://grafana.{cluster}.example/");

    assertThat(t.render(Map.of(Placeholder.CLUSTER, "east")))
        .contains("https://grafana.east.example/");
  }
}
