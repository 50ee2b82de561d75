package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.events.device.FindingReason;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The per-target counters a scrape adds to, read back from the registry by the names
 * docs/services/device-ingest.md lists (Micrometer's dotted form of {@code
 * strata_device_ingest_*_total}).
 */
class DeviceIngestMetricsTest {

  private static final String A = "http://10.0.0.1:9400/metrics";
  private static final String B = "http://10.0.0.2:9400/metrics";

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final DeviceIngestMetrics metrics = new DeviceIngestMetrics(registry);

  private static ScrapeOutput page(String target, int malformed, int linesWithoutGpu) {
    return new ScrapeOutput(target, null, List.of(), 8, 0, 0, malformed, 0, 0, linesWithoutGpu);
  }

  private void scraped(ScrapeOutput output) {
    metrics.scraped(output, Duration.ofMillis(12), t -> 0, t -> 0);
  }

  private double count(String name, String target) {
    return registry.get(name).tag("target", target).counter().count();
  }

  @Test
  void linesWithoutAGpuIdentityAreCountedPerTarget() {
    scraped(page(A, 0, 2));
    scraped(page(A, 0, 3));
    scraped(page(B, 0, 0));

    assertThat(count("strata.device.ingest.lines.without.gpu", A)).isEqualTo(5.0);
    assertThat(count("strata.device.ingest.lines.without.gpu", B)).isEqualTo(0.0);
  }

  @Test
  void aFailedScrapeCountsItsOutcomeAndNoLines() {
    scraped(page(A, 1, 2));
    scraped(new ScrapeOutput(A, FindingReason.HTTP_STATUS, List.of(), 0, 0, 0, 0, 0, 0, 0));

    assertThat(count("strata.device.ingest.lines.without.gpu", A)).isEqualTo(2.0);
    assertThat(count("strata.device.ingest.parse.errors", A)).isEqualTo(1.0);
    assertThat(
            registry
                .get("strata.device.ingest.scrapes")
                .tags("target", A, "outcome", "http_status")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(
            registry
                .get("strata.device.ingest.scrapes")
                .tags("target", A, "outcome", "success")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(registry.get("strata.device.ingest.samples").counter().count()).isEqualTo(8.0);
  }
}
