package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.deviceingest.testing.DcgmPageWriter;
import io.strata.deviceingest.xid.XidCatalog;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.topic.Topics;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScrapeProcessorTest {

  private static final ScrapeTarget TARGET =
      new ScrapeTarget("http://10.0.0.5:9400/metrics", "gpu-node-1");
  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final List<String> EXPECTED =
      List.of("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DRIVER_VERSION");

  private final ScrapeProcessor processor =
      new ScrapeProcessor("c1", EXPECTED, XidCatalog.load(), 20);

  private static String page(int lastXid) {
    return new DcgmPageWriter("gpu-node-1", "NVIDIA H100 80GB HBM3", "550.144.03")
        .gpu(0, "GPU-0", Map.of("pod", "p0", "namespace", "ns", "container", "c"))
        .gpu(1, "GPU-1", Map.of())
        .fields(List.of("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_XID_ERRORS"))
        .value("GPU-0", "DCGM_FI_DEV_GPU_TEMP", 61)
        .lastXid("GPU-1", lastXid)
        .write();
  }

  private ScrapeOutput scrape(String body, Instant at) {
    return processor.processPage(TARGET, new ScrapeResponse(body, "text/plain", body.length()), at);
  }

  @SuppressWarnings("unchecked")
  private static <V> List<V> values(ScrapeOutput output, Class<V> type) {
    return output.events().stream()
        .map(OutgoingEvent::value)
        .filter(type::isInstance)
        .map(v -> (V) v)
        .toList();
  }

  @Test
  void mapsAPageToKeyedSamplesOneXidEventAndOneFieldMissingFinding() {
    ScrapeOutput first = scrape(page(0), T0);
    ScrapeOutput second = scrape(page(79), T0.plusSeconds(1));
    ScrapeOutput third = scrape(page(79), T0.plusSeconds(2));

    assertThat(first.events())
        .extracting(e -> e.topic().name(), OutgoingEvent::key)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                Topics.DEVICE_SAMPLES.name(), "c1/gpu-node-1/GPU-0"),
            org.assertj.core.groups.Tuple.tuple(
                Topics.DEVICE_SAMPLES.name(), "c1/gpu-node-1/GPU-1"),
            org.assertj.core.groups.Tuple.tuple(
                Topics.DEVICE_FINDINGS.name(), "c1/" + TARGET.url()));
    DeviceSample gpu0 = values(first, DeviceSample.class).get(0);
    assertThat(gpu0.cluster()).isEqualTo("c1");
    assertThat(gpu0.node()).isEqualTo("gpu-node-1");
    assertThat(gpu0.owner().pod()).isEqualTo("p0");
    assertThat(gpu0.driverVersion()).isEqualTo("550.144.03");
    assertThat(gpu0.field(DeviceField.GPU_TEMP)).isEqualTo(61.0);
    assertThat(gpu0.lastXid()).isZero();
    assertThat(gpu0.target()).isEqualTo(TARGET.url());
    assertThat(gpu0.scrapedAt()).isEqualTo(T0);
    DeviceFinding missing = values(first, DeviceFinding.class).get(0);
    assertThat(missing.kind()).isEqualTo(FindingKind.FIELD_MISSING);
    assertThat(missing.reason()).isEqualTo(FindingReason.EXPECTED_FIELD_ABSENT);
    assertThat(missing.missingFields()).containsExactly("DCGM_FI_DEV_POWER_USAGE");
    assertThat(missing.node()).isEqualTo("gpu-node-1");

    assertThat(values(second, XidEvent.class))
        .singleElement()
        .satisfies(
            xid -> {
              assertThat(xid.xid()).isEqualTo(79);
              assertThat(xid.gpuUuid()).isEqualTo("GPU-1");
              assertThat(xid.mnemonic()).isEqualTo("ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS");
              assertThat(xid.immediateAction()).isEqualTo(XidAction.RESTART_BM);
              assertThat(xid.origin()).isEqualTo(XidOrigin.DEVICE);
              assertThat(xid.source()).isEqualTo(XidSource.LAST_XID_GAUGE);
              assertThat(xid.occurrences()).isEqualTo(1);
              assertThat(xid.detectedAt()).isEqualTo(T0.plusSeconds(1));
            });
    assertThat(values(second, DeviceFinding.class)).isEmpty();
    assertThat(values(third, XidEvent.class)).isEmpty();
    assertThat(third.samples()).isEqualTo(2);
  }

  @Test
  void failuresAreReportedOnChangeAndRecoveryResolvesThem() {
    ScrapeFailure timeout = new ScrapeFailure(FindingReason.TIMEOUT, "slow");
    ScrapeOutput first = processor.processFailure(TARGET, timeout, T0);
    ScrapeOutput again = processor.processFailure(TARGET, timeout, T0.plusSeconds(1));
    ScrapeOutput status =
        processor.processFailure(
            TARGET, new ScrapeFailure(FindingReason.HTTP_STATUS, "HTTP 503"), T0.plusSeconds(2));
    ScrapeOutput recovered = scrape(page(0), T0.plusSeconds(3));

    assertThat(values(first, DeviceFinding.class))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.SCRAPE_FAILED);
              assertThat(f.reason()).isEqualTo(FindingReason.TIMEOUT);
              assertThat(f.target()).isEqualTo(TARGET.url());
              assertThat(f.errorCount()).isEqualTo(1);
            });
    assertThat(again.events()).isEmpty();
    assertThat(again.failure()).isEqualTo(FindingReason.TIMEOUT);
    assertThat(values(status, DeviceFinding.class))
        .singleElement()
        .satisfies(f -> assertThat(f.errorCount()).isEqualTo(3));
    assertThat(values(recovered, DeviceFinding.class))
        .extracting(DeviceFinding::kind, DeviceFinding::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(FindingKind.RESOLVED, FindingReason.HTTP_STATUS),
            org.assertj.core.groups.Tuple.tuple(
                FindingKind.FIELD_MISSING, FindingReason.EXPECTED_FIELD_ABSENT));
  }

  @Test
  void malformedLinesGiveOneParseErrorsFindingPerDistinctSet() {
    String body = page(0) + "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",UUID=\"GPU-0\" 1\n";
    ScrapeOutput first = scrape(body, T0);
    ScrapeOutput second = scrape(body, T0.plusSeconds(1));

    assertThat(first.malformedLines()).isEqualTo(1);
    assertThat(first.samples()).isEqualTo(2);
    assertThat(values(first, DeviceFinding.class))
        .filteredOn(f -> f.kind() == FindingKind.PARSE_ERRORS)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.reason()).isEqualTo(FindingReason.MALFORMED_LINES);
              assertThat(f.lineErrors()).containsExactly(Map.entry(9, "UNTERMINATED_LABEL_SET"));
              assertThat(f.errorCount()).isEqualTo(1);
            });
    assertThat(second.events()).hasSize(2);
    assertThat(second.malformedLines()).isEqualTo(1);
  }

  @Test
  void withoutAHostnameLabelTheTargetsNodeNamesTheSample() {
    String body = "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"GPU-9\"} 40\n";
    ScrapeOutput output = scrape(body, T0);

    assertThat(values(output, DeviceSample.class))
        .singleElement()
        .satisfies(s -> assertThat(s.node()).isEqualTo("gpu-node-1"));
    assertThat(ScrapeTarget.of("http://10.1.2.3:9400/metrics").fallbackNode())
        .isEqualTo("10.1.2.3");
  }

  @Test
  void aStaticTargetsFieldMissingFindingNamesTheNodeItsPageReports() {
    ScrapeTarget unnamed = ScrapeTarget.of("http://10.0.0.9:9400/metrics");
    ScrapeOutput output =
        processor.processPage(
            unnamed, new ScrapeResponse(page(0), "text/plain", page(0).length()), T0);

    assertThat(values(output, DeviceFinding.class))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.FIELD_MISSING);
              assertThat(f.node()).isEqualTo("gpu-node-1");
              assertThat(f.target()).isEqualTo(unnamed.url());
            });
  }
}
