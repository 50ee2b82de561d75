package io.strata.deviceingest.assemble;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.naming.ExporterNaming;
import io.strata.deviceingest.parse.PrometheusTextParser;
import io.strata.events.device.DeviceField;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Pages that mix the two DCGM namings, or state units the page's names contradict. */
class FieldNamingTest {

  private static final String GPU = "{gpu=\"0\",UUID=\"GPU-1\",hostname=\"node-a\"}";

  private static ScrapedPage assemble(String page) {
    return PageAssembler.assemble(new PrometheusTextParser(), page, 20);
  }

  private static GpuReading onlyGpu(ScrapedPage page) {
    assertThat(page.gpus()).hasSize(1);
    return page.gpus().get(0);
  }

  @Test
  void theSameFieldUnderBothNamesIsReadOnceFromItsStandardNameAndReported() {
    ScrapedPage page =
        assemble(
            "DCGM_FI_DEV_GPU_UTIL" + GPU + " 80\n" + "DCGM_FI_DEV_GPU_UTIL_RATIO" + GPU + " 0.5\n");

    GpuReading gpu = onlyGpu(page);
    assertThat(gpu.fields()).containsExactly(Map.entry(DeviceField.GPU_UTIL.key(), 50.0));
    assertThat(gpu.otherFields()).containsExactly(Map.entry("DCGM_FI_DEV_GPU_UTIL", 80.0));
    assertThat(page.naming())
        .isEqualTo(
            new NamingReport(
                ExporterNaming.MIXED,
                new java.util.TreeSet<>(
                    Set.of(
                        "SAME_FIELD_UNDER_BOTH_NAMES: DCGM_FI_DEV_GPU_UTIL and"
                            + " DCGM_FI_DEV_GPU_UTIL_RATIO for one GPU: DCGM_FI_DEV_GPU_UTIL_RATIO"
                            + " is read")),
                Map.of(2, "SAME_FIELD_UNDER_BOTH_NAMES"),
                1));
    assertThat(page.presentByGpu())
        .containsExactly(Map.entry("GPU-1", Set.of("DCGM_FI_DEV_GPU_UTIL")));
  }

  @Test
  void theStandardNameWinsWhicheverComesFirst() {
    ScrapedPage page =
        assemble(
            "DCGM_FI_DEV_GPU_UTIL_RATIO" + GPU + " 0.8\n" + "DCGM_FI_DEV_GPU_UTIL" + GPU + " 80\n");

    GpuReading gpu = onlyGpu(page);
    assertThat(gpu.fields()).containsExactly(Map.entry(DeviceField.GPU_UTIL.key(), 80.0));
    assertThat(gpu.otherFields()).containsExactly(Map.entry("DCGM_FI_DEV_GPU_UTIL", 80.0));
    assertThat(page.naming().lineProblems())
        .containsExactly(Map.entry(2, "SAME_FIELD_UNDER_BOTH_NAMES"));
  }

  @Test
  void theStickyXidUnderBothNamesIsTheStandardOneOnce() {
    ScrapedPage page =
        assemble(
            "DCGM_FI_DEV_XID_ERRORS" + GPU + " 43\n" + "DCGM_FI_DEV_XID_ERROR" + GPU + " 79\n");

    GpuReading gpu = onlyGpu(page);
    assertThat(gpu.lastXid()).isEqualTo(79);
    assertThat(gpu.fields()).containsExactly(Map.entry(DeviceField.XID_ERRORS.key(), 79.0));
    assertThat(gpu.otherFields()).containsExactly(Map.entry("DCGM_FI_DEV_XID_ERRORS", 43.0));
  }

  @Test
  void theDriverVersionLabelUnderBothNamesIsTheStandardOne() {
    ScrapedPage page =
        assemble(
            "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"GPU-1\",DCGM_FI_DRIVER_VERSION=\"550.1\","
                + "DCGM_FI_SYSTEM_DRIVER_VERSION=\"580.2\"} 40\n");

    assertThat(onlyGpu(page).driverVersion()).isEqualTo("580.2");
    assertThat(page.presentFields())
        .containsExactly("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DRIVER_VERSION");
    assertThat(page.naming().naming()).isEqualTo(ExporterNaming.MIXED);
    assertThat(page.naming().problems())
        .containsExactly(
            "SAME_FIELD_UNDER_BOTH_NAMES: DCGM_FI_DRIVER_VERSION and DCGM_FI_SYSTEM_DRIVER_VERSION"
                + " on one line: the standard one is read");
  }

  @Test
  void differentFieldsUnderDifferentNamingsAreMixedButNoProblem() {
    // dcgm-exporter 4.9: standard names, but the PCIe profiling bytes keep theirs until 4.10.
    ScrapedPage page =
        assemble(
            "DCGM_FI_DEV_GPU_TEMP_CELSIUS"
                + GPU
                + " 40\n"
                + "DCGM_FI_PROF_PCIE_TX_BYTES"
                + GPU
                + " 1000\n");

    assertThat(onlyGpu(page).fields())
        .containsOnly(
            Map.entry(DeviceField.GPU_TEMP.key(), 40.0),
            Map.entry(DeviceField.PROF_PCIE_TX_BYTES.key(), 1000.0));
    assertThat(page.naming().naming()).isEqualTo(ExporterNaming.MIXED);
    assertThat(page.naming().problems()).isEmpty();
  }

  @Test
  void aHelpTextThatContradictsTheNameKeepsTheValueOutOfTheField() {
    // DCGM 4.6's GPU_UTIL_RATIO was still field 203 (percent): a counters file naming it so says
    // "%".
    ScrapedPage page =
        assemble(
            "# HELP DCGM_FI_DEV_GPU_UTIL_RATIO GPU utilization (in %).\n"
                + "DCGM_FI_DEV_GPU_UTIL_RATIO"
                + GPU
                + " 80\n");

    GpuReading gpu = onlyGpu(page);
    assertThat(gpu.fields()).isEmpty();
    assertThat(gpu.otherFields()).containsExactly(Map.entry("DCGM_FI_DEV_GPU_UTIL_RATIO", 80.0));
    assertThat(page.naming().problems())
        .containsExactly(
            "UNIT_STATEMENTS_DISAGREE: DCGM_FI_DEV_GPU_UTIL_RATIO: its name says RATIO, its HELP"
                + " PERCENT");
    assertThat(page.naming().lineProblems())
        .containsExactly(Map.entry(2, "UNIT_STATEMENTS_DISAGREE"));
    assertThat(page.presentFields()).containsExactly("DCGM_FI_DEV_GPU_UTIL");
  }

  @Test
  void aHelpUnitOfAnotherQuantityIsNotConverted() {
    ScrapedPage page =
        assemble(
            "# HELP DCGM_FI_DEV_SM_CLOCK SM clock (in %).\n"
                + "DCGM_FI_DEV_SM_CLOCK"
                + GPU
                + " 80\n");

    assertThat(onlyGpu(page).fields()).isEmpty();
    assertThat(page.naming().problems())
        .containsExactly(
            "UNIT_NOT_CONVERTIBLE: DCGM_FI_DEV_SM_CLOCK: its HELP says PERCENT, Strata publishes"
                + " MEGAHERTZ");
  }

  @Test
  void aLegacyNamesHelpUnitIsConvertedIntoTheContractsUnit() {
    // Newer exporter counter files document the violation counters in nanoseconds.
    ScrapedPage page =
        assemble(
            "# HELP DCGM_FI_DEV_POWER_VIOLATION Throttling duration due to power constraints"
                + " (in ns).\n"
                + "DCGM_FI_DEV_POWER_VIOLATION"
                + GPU
                + " 5000\n"
                + "# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency (in MHz).\n"
                + "DCGM_FI_DEV_SM_CLOCK"
                + GPU
                + " 1410\n");

    assertThat(onlyGpu(page).fields())
        .containsOnly(
            Map.entry(DeviceField.POWER_VIOLATION.key(), 5.0),
            Map.entry(DeviceField.SM_CLOCK.key(), 1410.0));
    assertThat(page.naming().problems()).isEmpty();
  }

  @Test
  void nvlinkBytesPerSecondHaveNoContractUnitAndStayUnderTheirExporterName() {
    ScrapedPage page =
        assemble(
            "DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND"
                + GPU
                + " 1024000\n"
                + "DCGM_FI_DEV_GPU_TEMP_CELSIUS"
                + GPU
                + " 40\n");

    GpuReading gpu = onlyGpu(page);
    assertThat(gpu.fields()).containsOnlyKeys(DeviceField.GPU_TEMP.key());
    assertThat(gpu.otherFields())
        .containsExactly(Map.entry("DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND", 1024000.0));
    assertThat(page.presentFields())
        .containsExactly("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL");
    assertThat(page.naming().problems()).isEmpty();
  }
}
