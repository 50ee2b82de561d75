package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.deviceingest.xid.XidCatalog;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Field presence under either naming, and the finding a page mixing them for one field raises. */
class NamingFindingsTest {

  private static final ScrapeTarget TARGET =
      new ScrapeTarget("http://10.0.0.7:9400/metrics", "node-a");
  private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");

  private static String line(String name, String uuid, String driverLabel, String value) {
    return name
        + "{gpu=\"0\",UUID=\""
        + uuid
        + "\",hostname=\"node-a\","
        + driverLabel
        + "=\"580.95.05\"} "
        + value
        + "\n";
  }

  private static List<DeviceFinding> findings(ScrapeProcessor processor, String page, int second) {
    return processor
        .processPage(
            TARGET, new ScrapeResponse(page, "text/plain", page.length()), T0.plusSeconds(second))
        .events()
        .stream()
        .map(OutgoingEvent::value)
        .filter(DeviceFinding.class::isInstance)
        .map(DeviceFinding.class::cast)
        .toList();
  }

  @Test
  void aFieldIsPresentUnderEitherNameWhicheverIsConfigured() {
    ScrapeProcessor processor =
        new ScrapeProcessor(
            "c1",
            List.of(
                "DCGM_FI_DEV_GPU_TEMP_CELSIUS",
                "DCGM_FI_DEV_POWER_USAGE",
                "DCGM_FI_SYSTEM_DRIVER_VERSION",
                "DCGM_FI_DEV_GPU_TEMP"),
            XidCatalog.load(),
            20);
    // A legacy GPU and a standard one on the same page: neither lacks what the other reports.
    String mixedGpus =
        line("DCGM_FI_DEV_GPU_TEMP", "GPU-1", "DCGM_FI_DRIVER_VERSION", "40")
            + line("DCGM_FI_DEV_POWER_USAGE", "GPU-1", "DCGM_FI_DRIVER_VERSION", "300")
            + line("DCGM_FI_DEV_GPU_TEMP_CELSIUS", "GPU-2", "DCGM_FI_SYSTEM_DRIVER_VERSION", "41")
            + line(
                "DCGM_FI_DEV_BOARD_POWER_WATTS", "GPU-2", "DCGM_FI_SYSTEM_DRIVER_VERSION", "301");

    assertThat(findings(processor, mixedGpus, 0)).isEmpty();
    assertThat(processor.expectedFields())
        .containsExactly(
            "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_SYSTEM_DRIVER_VERSION");

    String noPower =
        line("DCGM_FI_DEV_GPU_TEMP_CELSIUS", "GPU-2", "DCGM_FI_SYSTEM_DRIVER_VERSION", "41");
    assertThat(findings(processor, noPower, 1))
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.kind()).isEqualTo(FindingKind.FIELD_MISSING);
              assertThat(finding.missingFields()).containsExactly("DCGM_FI_DEV_POWER_USAGE");
              assertThat(finding.message())
                  .isEqualTo(
                      "1 expected field(s) absent from "
                          + TARGET.url()
                          + " (exporter naming: STANDARD)");
            });
  }

  @Test
  void aPageWithOneFieldUnderBothNamesIsReportedOnceAndResolved() {
    ScrapeProcessor processor =
        new ScrapeProcessor("c1", List.of("DCGM_FI_DEV_GPU_UTIL"), XidCatalog.load(), 20);
    String mixed =
        line("DCGM_FI_DEV_GPU_UTIL", "GPU-1", "DCGM_FI_DRIVER_VERSION", "80")
            + line("DCGM_FI_DEV_GPU_UTIL_RATIO", "GPU-1", "DCGM_FI_DRIVER_VERSION", "0.8");
    String standard =
        line("DCGM_FI_DEV_GPU_UTIL_RATIO", "GPU-1", "DCGM_FI_SYSTEM_DRIVER_VERSION", "0.8");

    List<DeviceFinding> first = findings(processor, mixed, 0);
    List<DeviceFinding> again = findings(processor, mixed, 1);
    List<DeviceFinding> fixed = findings(processor, standard, 2);

    assertThat(first)
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.kind()).isEqualTo(FindingKind.PARSE_ERRORS);
              assertThat(finding.reason()).isEqualTo(FindingReason.FIELD_NAMING_CONFLICT);
              assertThat(finding.lineErrors())
                  .containsExactly(Map.entry(2, "SAME_FIELD_UNDER_BOTH_NAMES"));
              assertThat(finding.errorCount()).isEqualTo(1);
              assertThat(finding.message())
                  .isEqualTo(
                      "1 line(s) read but kept out of the sample's fields (exporter naming:"
                          + " MIXED): SAME_FIELD_UNDER_BOTH_NAMES: DCGM_FI_DEV_GPU_UTIL and"
                          + " DCGM_FI_DEV_GPU_UTIL_RATIO for one GPU: DCGM_FI_DEV_GPU_UTIL_RATIO"
                          + " is read");
              assertThat(finding.target()).isEqualTo(TARGET.url());
            });
    assertThat(again).isEmpty();
    assertThat(fixed)
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.kind()).isEqualTo(FindingKind.RESOLVED);
              assertThat(finding.reason()).isEqualTo(FindingReason.FIELD_NAMING_CONFLICT);
              assertThat(finding.message())
                  .isEqualTo("no naming problem any more (exporter naming: STANDARD)");
            });
  }
}
