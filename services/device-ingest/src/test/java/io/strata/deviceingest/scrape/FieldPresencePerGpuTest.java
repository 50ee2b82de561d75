package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.deviceingest.testing.DcgmPageWriter;
import io.strata.deviceingest.xid.XidCatalog;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seed's first confirmation judged per GPU (issue 19), with the shipped default expected fields
 * (dcgm-exporter's etc/default-counters.csv) against pages in the exporter's own layout.
 */
class FieldPresencePerGpuTest {

  private static final Path DRA_EXAMPLE =
      Path.of(
          "src/test/resources/reference/examples/"
              + "kubernetes-website_KubeletPodResourcesDynamicResources_dra_metrics.prom");
  private static final ScrapeTarget TARGET =
      new ScrapeTarget("http://10.0.0.5:9400/metrics", "gpu-node-1");
  private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");

  /** The shipped default of strata.device-ingest.presence.expected-fields. */
  private static final List<String> DEFAULT_EXPECTED = defaults();

  private final ScrapeProcessor processor =
      new ScrapeProcessor("c1", DEFAULT_EXPECTED, XidCatalog.load(), 20);

  private static List<String> defaults() {
    List<String> fields = new ArrayList<>(DcgmPageWriter.DEFAULT_FIELDS);
    fields.add("DCGM_FI_DRIVER_VERSION");
    fields.addAll(DcgmPageWriter.DCP_FIELDS);
    return fields;
  }

  private List<DeviceFinding> findings(String body) {
    ScrapeOutput output =
        processor.processPage(TARGET, new ScrapeResponse(body, "text/plain", body.length()), T0);
    return output.events().stream()
        .map(OutgoingEvent::value)
        .filter(DeviceFinding.class::isInstance)
        .map(DeviceFinding.class::cast)
        .toList();
  }

  private ScrapeOutput scrape(String body) {
    return processor.processPage(TARGET, new ScrapeResponse(body, "text/plain", body.length()), T0);
  }

  @Test
  void theRealDraPageLacksEveryDefaultFieldButThePcieRxCounter() throws IOException {
    List<DeviceFinding> findings = findings(Files.readString(DRA_EXAMPLE));

    assertThat(findings).hasSize(1);
    DeviceFinding finding = findings.get(0);
    assertThat(finding.kind()).isEqualTo(FindingKind.FIELD_MISSING);
    assertThat(finding.reason()).isEqualTo(FindingReason.EXPECTED_FIELD_ABSENT);
    assertThat(finding.gpuUuid()).isNull();
    assertThat(finding.missingFields())
        .containsExactly(
            "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
            "DCGM_FI_DEV_DEC_UTIL",
            "DCGM_FI_DEV_ENC_UTIL",
            "DCGM_FI_DEV_FB_FREE",
            "DCGM_FI_DEV_FB_RESERVED",
            "DCGM_FI_DEV_FB_USED",
            "DCGM_FI_DEV_GPU_TEMP",
            "DCGM_FI_DEV_GPU_UTIL",
            "DCGM_FI_DEV_MEMORY_TEMP",
            "DCGM_FI_DEV_MEM_CLOCK",
            "DCGM_FI_DEV_MEM_COPY_UTIL",
            "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL",
            "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
            "DCGM_FI_DEV_POWER_USAGE",
            "DCGM_FI_DEV_ROW_REMAP_FAILURE",
            "DCGM_FI_DEV_SM_CLOCK",
            "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
            "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
            "DCGM_FI_DEV_VGPU_LICENSE_STATUS",
            "DCGM_FI_DEV_XID_ERRORS",
            "DCGM_FI_DRIVER_VERSION",
            "DCGM_FI_PROF_DRAM_ACTIVE",
            "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
            "DCGM_FI_PROF_PCIE_TX_BYTES",
            "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE");
    assertThat(finding.errorCount()).isEqualTo(25);
  }

  @Test
  void fieldsOnLinesWithoutAGpuIdentityMakeNothingPresentAndAreCounted() {
    List<String> reported = new ArrayList<>(DEFAULT_EXPECTED);
    reported.removeAll(
        List.of(
            "DCGM_FI_DEV_MEMORY_TEMP",
            "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
            "DCGM_FI_PROF_PCIE_TX_BYTES",
            "DCGM_FI_PROF_PCIE_RX_BYTES",
            "DCGM_FI_DRIVER_VERSION"));
    String gpus =
        new DcgmPageWriter("gpu-node-1", "NVIDIA H100 80GB HBM3", "550.144.03")
            .gpu(0, "GPU-0", Map.of())
            .gpu(1, "GPU-1", Map.of())
            .fields(reported)
            .write();
    // NvSwitch lines carry nvswitch and Hostname, no UUID (render_metrics.go, NOTES section 1):
    // before, these two made MEMORY_TEMP and the PCIe replay counter "present" for the page.
    String page =
        gpus
            + "DCGM_FI_DEV_MEMORY_TEMP{nvswitch=\"0\",Hostname=\"gpu-node-1\"} 41\n"
            + "DCGM_FI_DEV_PCIE_REPLAY_COUNTER{nvswitch=\"0\",Hostname=\"gpu-node-1\"} 0\n";

    ScrapeOutput output = scrape(page);

    assertThat(output.linesWithoutGpu()).isEqualTo(2);
    assertThat(output.missingFields()).isEqualTo(4);
    assertThat(output.events().stream().map(OutgoingEvent::value))
        .filteredOn(DeviceFinding.class::isInstance)
        .map(DeviceFinding.class::cast)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.FIELD_MISSING);
              assertThat(f.node()).isEqualTo("gpu-node-1");
              assertThat(f.missingFields())
                  .containsExactly(
                      "DCGM_FI_DEV_MEMORY_TEMP",
                      "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
                      "DCGM_FI_PROF_PCIE_RX_BYTES",
                      "DCGM_FI_PROF_PCIE_TX_BYTES");
            });
  }

  @Test
  void aGpuThatReportsAlmostNothingIsFlaggedOnItsOwnKey() {
    String complete =
        new DcgmPageWriter("gpu-node-1", "NVIDIA H100 80GB HBM3", "550.144.03")
            .gpu(0, "GPU-0", Map.of())
            .gpu(1, "GPU-1", Map.of())
            .fields(DcgmPageWriter.DEFAULT_FIELDS)
            .fields(DcgmPageWriter.DCP_FIELDS)
            .write();
    // GPU-2 in the exporter's label layout, with its temperature only.
    String page =
        complete
            + "DCGM_FI_DEV_GPU_TEMP{gpu=\"2\",UUID=\"GPU-2\",pci_bus_id=\"00000000:38:00.0\","
            + "device=\"nvidia2\",modelName=\"NVIDIA H100 80GB HBM3\",Hostname=\"gpu-node-1\","
            + "DCGM_FI_DRIVER_VERSION=\"550.144.03\"} 44\n";

    ScrapeOutput first = scrape(page);
    ScrapeOutput second =
        processor.processPage(
            TARGET, new ScrapeResponse(page, "text/plain", page.length()), T0.plusSeconds(1));

    assertThat(first.missingFields()).isZero();
    assertThat(processor.incompleteGpus(TARGET.url())).isEqualTo(1);
    assertThat(first.events())
        .filteredOn(e -> e.value() instanceof DeviceFinding)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.key()).isEqualTo("c1/gpu-node-1/GPU-2");
              DeviceFinding f = (DeviceFinding) e.value();
              assertThat(f.kind()).isEqualTo(FindingKind.FIELD_MISSING);
              assertThat(f.gpuUuid()).isEqualTo("GPU-2");
              assertThat(f.node()).isEqualTo("gpu-node-1");
              assertThat(f.target()).isEqualTo(TARGET.url());
              assertThat(f.errorCount()).isEqualTo(24);
              assertThat(f.missingFields())
                  .hasSize(24)
                  .doesNotContain("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DRIVER_VERSION")
                  .startsWith("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "DCGM_FI_DEV_DEC_UTIL")
                  .endsWith("DCGM_FI_PROF_PCIE_TX_BYTES", "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE");
            });
    assertThat(second.events()).filteredOn(e -> e.value() instanceof DeviceFinding).isEmpty();
  }
}
