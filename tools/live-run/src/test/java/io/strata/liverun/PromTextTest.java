package io.strata.liverun;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PromTextTest {

  // Lines in the shape Micrometer's Prometheus registry writes them on a Quarkus /q/metrics.
  private static final String PAGE =
      """
      # HELP jvm_memory_used_bytes The amount of used memory
      # TYPE jvm_memory_used_bytes gauge
      jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1.048576E7
      jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 2097152.0
      jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 5.0E7
      strata_device_ingest_scrapes_total{outcome="success",target="http://127.0.0.1:9400/metrics"} 12.0
      strata_device_ingest_scrapes_total{outcome="timeout",target="http://127.0.0.1:9401/metrics"} 3.0
      strata_device_ingest_targets 125.0
      odd{label="with \\"quote\\", comma"} 1.5 1700000000000
      not a metric line
      """;

  @Test
  void sumsSeriesByNameAndLabel() {
    List<PromText.Series> series = PromText.parse(PAGE);
    assertThat(PromText.sum(series, "jvm_memory_used_bytes", "area", "heap")).isEqualTo(12582912.0);
    assertThat(PromText.sum(series, "strata_device_ingest_scrapes_total", "outcome", "success"))
        .isEqualTo(12.0);
    assertThat(PromText.sum(series, "strata_device_ingest_scrapes_total")).isEqualTo(15.0);
    assertThat(PromText.sum(series, "strata_device_ingest_targets")).isEqualTo(125.0);
  }

  @Test
  void readsEscapedLabelValuesAndSkipsWhatIsNotASeries() {
    List<PromText.Series> series = PromText.parse(PAGE);
    assertThat(series).hasSize(7);
    assertThat(series.get(6))
        .isEqualTo(new PromText.Series("odd", Map.of("label", "with \"quote\", comma"), 1.5));
  }
}
