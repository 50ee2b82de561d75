package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.openshift.api.model.monitoring.v1.PrometheusRule;
import io.fabric8.openshift.api.model.monitoring.v1.Rule;
import io.fabric8.openshift.api.model.monitoring.v1.RuleGroup;
import io.strata.deploycheck.kustomize.Rendering;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The layered alerts and the dashboards refer to metrics that exist and say what to do. */
class MonitoringTest {

  private static final Rendering PLAIN = Repo.overlay("plain");
  private static final Set<String> REGISTERED = MetricNames.registeredByServices();
  private static final List<String> DASHBOARDS =
      List.of(
          "strata-device.json",
          "strata-workload.json",
          "strata-request.json",
          "strata-pipeline.json");

  @Test
  void strataRegistersTheMetricsTheChecksRelyOn() {
    assertThat(REGISTERED)
        .contains(
            "strata_device_ingest_scrapes",
            "strata_correlator_windows",
            "strata_correlator_incident_updates",
            "strata_remediator_actions");
  }

  @Test
  void alertsAreLayeredAndEachPointsToAnAction() {
    PrometheusRule rule = prometheusRule();
    Map<String, List<Rule>> groups =
        rule.getSpec().getGroups().stream()
            .collect(Collectors.toMap(RuleGroup::getName, RuleGroup::getRules));
    assertThat(groups.keySet())
        .containsExactlyInAnyOrder("strata.device", "strata.workload", "strata.pipeline");
    Set<String> names = new HashSet<>();
    groups.forEach(
        (group, rules) -> {
          String layer = group.substring("strata.".length());
          for (Rule alert : rules) {
            String where = group + "/" + alert.getAlert();
            assertThat(alert.getAlert()).as(where).isNotBlank();
            assertThat(names.add(alert.getAlert())).as(where + " is unique").isTrue();
            assertThat(alert.getLabels()).as(where).containsEntry("layer", layer);
            assertThat(alert.getLabels().get("severity"))
                .as(where)
                .isIn("critical", "warning", "info");
            assertThat(alert.getAnnotations()).as(where).containsKeys("summary", "description");
            assertThat(alert.getAnnotations().get("action"))
                .as(where + " says which action it points to")
                .isNotBlank();
            String expr = alert.getExpr().getStrVal();
            assertThat(MetricNames.unknownIn(expr, REGISTERED)).as(where).isEmpty();
            assertThat(MetricNames.unknownCalls(expr)).as(where + " functions").isEmpty();
            assertThat(parenthesesBalance(expr)).as(where + " parentheses").isTrue();
            if (layer.equals("device")) {
              assertThat(expr).as(where + ": device alerts read dcgm-exporter").contains("DCGM_");
              assertThat(MetricNames.strataIn(expr)).as(where).isEmpty();
            }
          }
        });
    assertThat(signals(groups.get("strata.device")))
        .as("device alerts: XID, health, temperature, power")
        .containsExactlyInAnyOrder("xid", "health", "temperature", "power");
    assertThat(signals(groups.get("strata.workload")))
        .as("workload alerts: queue length, batch wait, request p95 (and the other classes)")
        .contains("queue_length", "queue_wait", "batch_wait", "request_p95");
  }

  @Test
  void dashboardsCoverTheThreeLayersAndThePipelineWithKnownMetrics() throws Exception {
    JsonNode data = PLAIN.find("v1", "ConfigMap", "strata-dashboards").orElseThrow().path("data");
    assertThat(
            PLAIN
                .find("v1", "ConfigMap", "strata-dashboards")
                .orElseThrow()
                .at("/metadata/labels/grafana_dashboard")
                .asText())
        .isEqualTo("1");
    ObjectMapper json = new ObjectMapper();
    Set<String> uids = new HashSet<>();
    for (String file : DASHBOARDS) {
      assertThat(data.has(file)).as(file + " shipped in the ConfigMap").isTrue();
      JsonNode dashboard = json.readTree(data.get(file).asText());
      assertThat(uids.add(dashboard.path("uid").asText())).as(file + " uid").isTrue();
      assertThat(dashboard.path("title").asText()).as(file).startsWith("Strata / ");
      assertThat(dashboard.path("panels")).as(file).isNotEmpty();
      for (JsonNode panel : dashboard.path("panels")) {
        String where = file + " / " + panel.path("title").asText();
        assertThat(panel.path("targets")).as(where).isNotEmpty();
        for (JsonNode target : panel.path("targets")) {
          String expr = target.path("expr").asText();
          assertThat(expr).as(where).isNotBlank();
          assertThat(MetricNames.unknownIn(expr, REGISTERED)).as(where).isEmpty();
          assertThat(MetricNames.unknownCalls(expr)).as(where + " functions").isEmpty();
          assertThat(parenthesesBalance(expr)).as(where).isTrue();
        }
      }
    }
    assertThat(data.size()).isEqualTo(DASHBOARDS.size());
  }

  @Test
  void theAlertsRejectAnUnknownMetric() {
    assertThat(MetricNames.unknownIn("rate(strata_made_up_total[5m]) > 0", REGISTERED))
        .containsExactly("strata_made_up_total (not registered by any service)");
    assertThat(MetricNames.unknownIn("DCGM_FI_DEV_GPU_TEMPERATURE > 80", REGISTERED)).hasSize(1);
    assertThat(MetricNames.unknownCalls("sum by (a) (rte(x[5m]))")).containsExactly("rte");
  }

  private static PrometheusRule prometheusRule() {
    return TypedModels.bind(
        PLAIN.find("monitoring.coreos.com/v1", "PrometheusRule", "strata").orElseThrow(),
        PrometheusRule.class);
  }

  private static Set<String> signals(List<Rule> rules) {
    return rules.stream().map(r -> r.getLabels().get("signal")).collect(Collectors.toSet());
  }

  private static boolean parenthesesBalance(String expr) {
    int depth = 0;
    for (char c : expr.toCharArray()) {
      depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' || c == '}' ? -1 : 0;
      if (depth < 0) {
        return false;
      }
    }
    return depth == 0;
  }
}
