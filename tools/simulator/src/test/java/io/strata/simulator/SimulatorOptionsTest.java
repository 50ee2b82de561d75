package io.strata.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.simulator.dcgm.MetricsServers;
import io.strata.simulator.dcgm.NamingRollout;
import io.strata.simulator.k8s.ReactionConventions;
import io.strata.simulator.model.Scenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimulatorOptionsTest {

  @Test
  void defaultsDescribeTheSmallLocalCluster() {
    SimulatorOptions o = SimulatorOptions.parse(List.of(), Map.of());
    assertThat(o.nodes()).isEqualTo(4);
    assertThat(o.gpusPerNode()).isEqualTo(8);
    assertThat(o.metricsMode()).isEqualTo(MetricsServers.Mode.PER_NODE);
    assertThat(o.otlpEndpoint().toString()).isEqualTo("http://127.0.0.1:4318");
    assertThat(o.autoApprove()).isFalse();
    assertThat(o.scenario()).isEqualTo(Scenario.HEALTHY);
  }

  @Test
  void argumentsWinOverEnvironment() {
    SimulatorOptions o =
        SimulatorOptions.parse(
            List.of("--nodes", "2000", "--metrics-mode=shared", "--auto-approve"),
            Map.of("SIM_NODES", "7", "SIM_SCENARIO", "queue-backlog", "SIM_CLUSTER", "prod-a"));
    assertThat(o.nodes()).isEqualTo(2000);
    assertThat(o.metricsMode()).isEqualTo(MetricsServers.Mode.SHARED);
    assertThat(o.autoApprove()).isTrue();
    assertThat(o.scenario()).isEqualTo(Scenario.QUEUE_BACKLOG);
    assertThat(o.cluster()).isEqualTo("prod-a");
  }

  @Test
  void conventionsDefaultToTheRemediatorsAndCanBeChanged() {
    SimulatorOptions defaults = SimulatorOptions.parse(List.of(), Map.of());
    assertThat(defaults.conventions())
        .isEqualTo(new ReactionConventions("strata.io/serving", "strata.io/model-version"));
    SimulatorOptions custom =
        SimulatorOptions.parse(
            List.of("--model-version-label=example.com/version"),
            Map.of("SIM_READINESS_GATE", "example.com/serving"));
    assertThat(custom.conventions().modelVersionLabel()).isEqualTo("example.com/version");
    assertThat(custom.conventions().readinessGate()).isEqualTo("example.com/serving");
  }

  @Test
  void exportersPrintTheLegacyDcgmNamesUnlessToldOtherwise() {
    assertThat(SimulatorOptions.parse(List.of(), Map.of()).dcgmNaming())
        .isEqualTo(NamingRollout.LEGACY);
    assertThat(SimulatorOptions.parse(List.of("--dcgm-naming=standard"), Map.of()).dcgmNaming())
        .isEqualTo(NamingRollout.STANDARD);
    assertThat(SimulatorOptions.parse(List.of(), Map.of("SIM_DCGM_NAMING", "mixed")).dcgmNaming())
        .isEqualTo(NamingRollout.MIXED);
    assertThatThrownBy(() -> SimulatorOptions.parse(List.of("--dcgm-naming=4.10"), Map.of()))
        .hasMessageContaining("--dcgm-naming (SIM_DCGM_NAMING) is '4.10', expected legacy,");
  }

  @Test
  void theTeamsStandInIsOffUnlessAPortIsGiven() {
    SimulatorOptions defaults = SimulatorOptions.parse(List.of(), Map.of());
    assertThat(defaults.teamsPort()).isEmpty();
    assertThat(defaults.remediatorTeamsUrl().toString())
        .isEqualTo("http://127.0.0.1:8085/api/teams/messages");
    SimulatorOptions on =
        SimulatorOptions.parse(
            List.of("--teams-port=9490", "--teams-approver", "aad-1"),
            Map.of("SIM_TEAMS_APP_ID", "app-1", "SIM_TEAMS_APP_PASSWORD", "pw"));
    assertThat(on.teamsPort()).hasValue(9490);
    assertThat(on.teamsApprover()).isEqualTo("aad-1");
    assertThat(on.teamsAppId()).isEqualTo("app-1");
    assertThat(on.teamsAppPassword()).isEqualTo("pw");
    assertThatThrownBy(() -> SimulatorOptions.parse(List.of("--teams-port=x"), Map.of()))
        .hasMessageContaining("--teams-port (SIM_TEAMS_PORT) is 'x'");
  }

  @Test
  void thePagerDutyStandInIsOffUnlessAPortIsGivenAndTakesOnly32CharacterKeys() {
    SimulatorOptions defaults = SimulatorOptions.parse(List.of(), Map.of());
    assertThat(defaults.pagerDutyPort()).isEmpty();
    assertThat(defaults.pagerDutyRoutingKey()).isEqualTo("strata-local-pagerduty-key-00001");
    SimulatorOptions on =
        SimulatorOptions.parse(
            List.of("--pagerduty-port=9495"),
            Map.of("SIM_PAGERDUTY_ROUTING_KEY", "0123456789abcdef0123456789abcdef"));
    assertThat(on.pagerDutyPort()).hasValue(9495);
    assertThat(on.pagerDutyRoutingKey()).isEqualTo("0123456789abcdef0123456789abcdef");
    assertThatThrownBy(
            () -> SimulatorOptions.parse(List.of("--pagerduty-routing-key=short"), Map.of()))
        .hasMessageContaining(
            "--pagerduty-routing-key (SIM_PAGERDUTY_ROUTING_KEY) is 'short', expected 32"
                + " characters");
  }

  @Test
  void badValuesNameTheOption() {
    assertThatThrownBy(() -> SimulatorOptions.parse(List.of("--nodes=0"), Map.of()))
        .hasMessageContaining("--nodes (SIM_NODES) is '0'");
    assertThatThrownBy(() -> SimulatorOptions.parse(List.of(), Map.of("SIM_SCENARIO", "boom")))
        .hasMessageContaining("--scenario");
    assertThatThrownBy(() -> SimulatorOptions.parse(List.of("--otlp-endpoint=nope"), Map.of()))
        .hasMessageContaining("--otlp-endpoint");
    assertThatThrownBy(() -> SimulatorOptions.parse(List.of("--colour=red"), Map.of()))
        .hasMessageContaining("unknown option --colour");
  }
}
