package io.strata.simulator.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Node;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExporterNamingsTest {

  private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);
  private final List<String> nodes = model.nodes().stream().map(Node::name).toList();

  @Test
  void aMixedFleetHasEverySecondNodeUpgradedAndAnyRolloutCanFollow() {
    ExporterNamings namings = namings(NamingRollout.MIXED);
    assertThat(nodes.stream().map(namings::namingOf))
        .containsExactly(
            DcgmNaming.LEGACY, DcgmNaming.STANDARD, DcgmNaming.LEGACY, DcgmNaming.STANDARD);
    namings.use(NamingRollout.STANDARD);
    assertThat(nodes.stream().map(namings::namingOf)).containsOnly(DcgmNaming.STANDARD);
    assertThat(namings.rollout()).isEqualTo(NamingRollout.STANDARD);
    namings.use(NamingRollout.LEGACY);
    assertThat(nodes.stream().map(namings::namingOf)).containsOnly(DcgmNaming.LEGACY);
  }

  @Test
  void rolloutNamesAreTheOptionValuesInAnyCase() {
    assertThat(NamingRollout.fromName("Standard")).contains(NamingRollout.STANDARD);
    assertThat(NamingRollout.fromName(" mixed ")).contains(NamingRollout.MIXED);
    assertThat(NamingRollout.fromName("4.10")).isEmpty();
    assertThat(NamingRollout.LEGACY.slug()).isEqualTo("legacy");
  }

  @Test
  void theServedPagesFollowTheRolloutFromTheNextScrapeOn() throws Exception {
    ExporterNamings namings = namings(NamingRollout.MIXED);
    try (MetricsServers servers =
        new MetricsServers(model, namings, Clock.fixed(T0, ZoneOffset.UTC))) {
      Map<String, String> urls = servers.start(MetricsServers.Mode.SHARED, "127.0.0.1", 0);
      assertThat(get(urls.get(nodes.get(0))))
          .contains("DCGM_FI_DEV_GPU_TEMP{")
          .contains("Hostname=\"" + nodes.get(0) + "\"");
      assertThat(get(urls.get(nodes.get(1))))
          .contains("DCGM_FI_DEV_GPU_TEMP_CELSIUS{")
          .contains("hostname=\"" + nodes.get(1) + "\"")
          .doesNotContain("DCGM_FI_DEV_GPU_TEMP{");
      namings.use(NamingRollout.STANDARD);
      assertThat(get(urls.get(nodes.get(0))))
          .contains("DCGM_FI_DEV_GPU_TEMP_CELSIUS{")
          .doesNotContain("DCGM_FI_DEV_GPU_TEMP{");
    }
  }

  private ExporterNamings namings(NamingRollout rollout) {
    return new ExporterNamings(
        ClusterShape.defaults(), Duration.ofMinutes(5), model.nodes(), rollout);
  }

  private static String get(String url) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(url).isEqualTo(200);
    return response.body();
  }
}
