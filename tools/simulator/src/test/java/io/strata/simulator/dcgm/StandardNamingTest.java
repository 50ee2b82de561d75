package io.strata.simulator.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.simulator.dcgm.PageSamples.Sample;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.DeviceField;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.GpuReading;
import io.strata.simulator.model.HealthWatch;
import io.strata.simulator.model.Node;
import io.strata.simulator.model.Scenario;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The same GPU state through a legacy exporter (up to 4.8) and a 4.10 one: DCGM Field Naming
 * Standard names, values in the new units, the two renamed labels, everything else unchanged.
 */
class StandardNamingTest {

  private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");
  private static final Duration WINDOW = Duration.ofMinutes(5);
  private static final String UUID = "GPU-5f2a9c1e-0d7b-4e61-9a3c-2b8d4e6f1a07";

  /** One GPU state, printed in both namings (legacy name, its value, new name, its value). */
  record Row(DeviceField field, double state, String legacyValue, String metric, String value) {}

  private static final List<Row> ROWS =
      List.of(
          new Row(DeviceField.SM_CLOCK, 1410, "1410", "DCGM_FI_DEV_SM_CLOCK_HERTZ", "1410000000"),
          new Row(
              DeviceField.MEM_CLOCK, 2619, "2619", "DCGM_FI_DEV_MEMORY_CLOCK_HERTZ", "2619000000"),
          new Row(DeviceField.MEMORY_TEMP, 45, "45", "DCGM_FI_DEV_MEMORY_TEMP_CELSIUS", "45"),
          new Row(DeviceField.GPU_TEMP, 39, "39", "DCGM_FI_DEV_GPU_TEMP_CELSIUS", "39"),
          new Row(
              DeviceField.POWER_USAGE,
              250.5,
              "250.500000",
              "DCGM_FI_DEV_BOARD_POWER_WATTS",
              "250.500000"),
          new Row(
              DeviceField.TOTAL_ENERGY_CONSUMPTION,
              123_456_789,
              "123456789",
              "DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL",
              "123456"),
          new Row(DeviceField.PCIE_REPLAY_COUNTER, 3, "3", "DCGM_FI_DEV_PCIE_REPLAY_TOTAL", "3"),
          new Row(DeviceField.GPU_UTIL, 80, "80", "DCGM_FI_DEV_GPU_UTIL_RATIO", "0.800000"),
          new Row(DeviceField.MEM_COPY_UTIL, 34, "34", "DCGM_FI_DEV_MEMORY_UTIL_RATIO", "0.340000"),
          new Row(DeviceField.ENC_UTIL, 0, "0", "DCGM_FI_DEV_ENC_UTIL_RATIO", "0.000000"),
          new Row(DeviceField.DEC_UTIL, 0, "0", "DCGM_FI_DEV_DEC_UTIL_RATIO", "0.000000"),
          new Row(DeviceField.XID_ERRORS, 79, "79", "DCGM_FI_DEV_XID_ERROR", "79"),
          new Row(DeviceField.FB_FREE, 40988, "40988", "DCGM_FI_DEV_FB_FREE_BYTES", "42979033088"),
          new Row(DeviceField.FB_USED, 40000, "40000", "DCGM_FI_DEV_FB_USED_BYTES", "41943040000"),
          new Row(
              DeviceField.FB_RESERVED, 571, "571", "DCGM_FI_DEV_FB_RESERVED_BYTES", "598736896"),
          new Row(DeviceField.VGPU_LICENSE_STATUS, 0, "0", "DCGM_FI_DEV_VGPU_LICENSE_STATUS", "0"),
          new Row(
              DeviceField.UNCORRECTABLE_REMAPPED_ROWS,
              2,
              "2",
              "DCGM_FI_DEV_ROW_REMAP_UNCORRECTABLE_TOTAL",
              "2"),
          new Row(
              DeviceField.CORRECTABLE_REMAPPED_ROWS,
              5,
              "5",
              "DCGM_FI_DEV_ROW_REMAP_CORRECTABLE_TOTAL",
              "5"),
          new Row(DeviceField.ROW_REMAP_FAILURE, 0, "0", "DCGM_FI_DEV_ROW_REMAP_FAILED", "0"),
          new Row(
              DeviceField.GR_ENGINE_ACTIVE,
              0.776,
              "0.776000",
              "DCGM_FI_PROF_GR_ENGINE_UTIL_RATIO",
              "0.776000"),
          new Row(
              DeviceField.PIPE_TENSOR_ACTIVE,
              0.36,
              "0.360000",
              "DCGM_FI_PROF_TENSOR_UTIL_RATIO",
              "0.360000"),
          new Row(
              DeviceField.DRAM_ACTIVE,
              0.44,
              "0.440000",
              "DCGM_FI_PROF_DRAM_UTIL_RATIO",
              "0.440000"),
          new Row(
              DeviceField.PCIE_TX_BYTES,
              96_095_000,
              "96095000.000000",
              "DCGM_FI_PROF_PCIE_TX_BYTES_PER_SECOND",
              "96095000.000000"),
          new Row(
              DeviceField.PCIE_RX_BYTES,
              303_792,
              "303792.000000",
              "DCGM_FI_PROF_PCIE_RX_BYTES_PER_SECOND",
              "303792.000000"));

  private static final double NVLINK_BYTES = 5.0e11;

  private final Gpu gpu = new Gpu("gpu-node-001", 3, UUID, "00000000:5D:00.0");
  private final DcgmRenderer legacy = new DcgmRenderer(ClusterShape.defaults(), WINDOW);
  private final DcgmRenderer standard =
      new DcgmRenderer(ClusterShape.defaults(), WINDOW, DcgmNaming.STANDARD);

  @Test
  void oneGpuStatePrintsItsValuesInTheNewUnitsUnderTheNewNames() {
    GpuReading reading = reading(NVLINK_BYTES);
    List<Sample> old = PageSamples.of(legacy.render(List.of(reading), T0));
    List<Sample> now = PageSamples.of(standard.render(List.of(reading), T0));
    for (Row row : ROWS) {
      assertThat(PageSamples.line(old, row.field().metric(), UUID))
          .as(row.field().metric())
          .hasValueSatisfying(s -> assertThat(s.value()).isEqualTo(row.legacyValue()));
      assertThat(PageSamples.line(now, row.metric(), UUID))
          .as(row.metric())
          .hasValueSatisfying(s -> assertThat(s.value()).isEqualTo(row.value()));
    }
    // Collected by default since 4.9: free + used + reserved = the H100's 81,559 MiB.
    assertThat(PageSamples.line(now, "DCGM_FI_DEV_FB_CAPACITY_BYTES", UUID))
        .hasValueSatisfying(s -> assertThat(s.value()).isEqualTo("85520809984"));
  }

  @Test
  void theStickyXidGaugeKeepsItsValueAndErrorLabelsUnderItsNewName() {
    List<Sample> now = PageSamples.of(standard.render(List.of(reading(NVLINK_BYTES)), T0));
    assertThat(PageSamples.line(now, "DCGM_FI_DEV_XID_ERROR", UUID))
        .hasValueSatisfying(
            s -> {
              assertThat(s.value()).isEqualTo("79");
              assertThat(s.labels())
                  .containsEntry("err_code", "79")
                  .containsEntry("err_msg", "GPU has fallen off the bus");
            });
    assertThat(now).noneMatch(s -> s.metric().equals("DCGM_FI_DEV_XID_ERRORS"));
  }

  @Test
  void nvlinkThroughputIsTheSlopeOfTheLegacyByteCounterOnceTwoSamplesAreASecondApart() {
    List<Sample> first = PageSamples.of(standard.render(List.of(reading(NVLINK_BYTES)), T0));
    String metric = "DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND";
    assertThat(PageSamples.line(first, metric, UUID)).as("one sample: no rate yet").isEmpty();
    Instant soon = T0.plusMillis(500);
    assertThat(PageSamples.line(page(NVLINK_BYTES + 1e9, soon), metric, UUID)).isEmpty();
    // 2e10 bytes more in 10 s: 2 GB/s, whatever the page in between.
    Instant later = T0.plusSeconds(10);
    assertThat(PageSamples.line(page(NVLINK_BYTES + 2.0e10, later), metric, UUID))
        .hasValueSatisfying(s -> assertThat(s.value()).isEqualTo("2000000000"));
    assertThat(PageSamples.of(legacy.render(List.of(reading(NVLINK_BYTES + 2.0e10)), later)))
        .filteredOn(s -> s.metric().equals("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL"))
        .extracting(Sample::value)
        .containsExactly("520000000000");
  }

  @Test
  void whereDcgm46AlreadyNamesAFieldTheNewPageUsesThatName() throws IOException {
    Map<String, String> renames = dcgm46Renames();
    int checked = 0;
    for (Row row : ROWS) {
      String renamed = renames.get(row.field().metric());
      if (renamed != null) {
        assertThat(row.metric()).as(row.field().metric()).isEqualTo(renamed);
        checked++;
      }
    }
    assertThat(checked).isEqualTo(12);
    assertThat(renames)
        .containsEntry("DCGM_FI_DRIVER_VERSION", StandardFamilies.DRIVER_VERSION_LABEL);
  }

  @Test
  void everyLineKeepsItsLabelsExceptTheHostnameAndDriverVersionKeys() {
    ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);
    model.activate(Scenario.XID_79, T0);
    for (Node node : model.nodes()) {
      List<GpuReading> readings = model.readings(node.name(), T0);
      List<Sample> old = PageSamples.of(legacy.render(readings, T0));
      List<Sample> now = PageSamples.of(standard.render(readings, T0));
      for (Sample sample : now) {
        assertThat(sample.labels())
            .doesNotContainKeys("Hostname", "DCGM_FI_DRIVER_VERSION")
            .containsEntry("hostname", node.name())
            .containsEntry("DCGM_FI_SYSTEM_DRIVER_VERSION", "570.133.20");
      }
      assertThat(labels(now, "DCGM_FI_DEV_GPU_TEMP_CELSIUS"))
          .hasSize(8)
          .isEqualTo(labels(old, "DCGM_FI_DEV_GPU_TEMP"));
      // The exporter's own families keep their names and, but for the two keys, their labels.
      for (String family : List.of(DcgmRenderer.XID_COUNT_METRIC, DcgmRenderer.HEALTH_METRIC)) {
        assertThat(labels(now, family)).isNotEmpty().isEqualTo(labels(old, family));
      }
    }
  }

  @Test
  void theNewPageHasExactlyTheFamiliesOfA410ExporterAndHelpTextsStateTheUnits() {
    ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);
    String node = model.nodes().get(0).name();
    standard.render(model.readings(node, T0), T0);
    Instant later = T0.plusSeconds(2);
    model.tick(later);
    String page = standard.render(model.readings(node, later), later);
    Set<String> families = new LinkedHashSet<>();
    PageSamples.of(page).forEach(s -> families.add(s.metric()));
    List<String> expected = new ArrayList<>();
    ROWS.forEach(row -> expected.add(row.metric()));
    expected.add("DCGM_FI_DEV_FB_CAPACITY_BYTES");
    expected.add("DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND");
    expected.add(DcgmRenderer.XID_COUNT_METRIC);
    expected.add(DcgmRenderer.HEALTH_METRIC);
    assertThat(families).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(page)
        .contains("# HELP DCGM_FI_DEV_SM_CLOCK_HERTZ SM clock frequency (in Hz).\n")
        .contains("# TYPE DCGM_FI_DEV_SM_CLOCK_HERTZ gauge\n")
        .contains("# HELP DCGM_FI_DEV_GPU_TEMP_CELSIUS GPU temperature (in C).\n")
        .contains("# HELP DCGM_FI_DEV_BOARD_POWER_WATTS Power draw (in W).\n")
        .contains(
            "# HELP DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL Total energy consumption since boot (in"
                + " J).\n")
        .contains("# TYPE DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL counter\n")
        .contains("# HELP DCGM_FI_DEV_GPU_UTIL_RATIO GPU utilization (ratio 0-1).\n")
        .contains("# HELP DCGM_FI_DEV_FB_USED_BYTES Framebuffer memory used (in bytes).\n")
        .contains(
            "# HELP DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND NVLink throughput of all links"
                + " (in bytes per second).\n")
        .contains("# HELP DCGM_FI_DEV_XID_ERROR Value of the last XID error encountered.\n")
        .contains("# TYPE DCGM_EXP_XID_ERRORS_COUNT gauge\n");
  }

  @Test
  void xid79ShowsOnTheNewPageAsOnTheLegacyOne() {
    ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);
    Gpu fallen = model.targets().xid79Gpu();
    model.activate(Scenario.XID_79, T0);
    List<Sample> now =
        PageSamples.of(standard.render(model.readings(fallen.node(), T0), T0)).stream()
            .filter(s -> fallen.uuid().equals(s.labels().get("UUID")))
            .toList();
    assertThat(now)
        .filteredOn(s -> s.metric().equals("DCGM_FI_DEV_XID_ERROR"))
        .extracting(Sample::value)
        .containsExactly("79");
    assertThat(now)
        .filteredOn(s -> s.metric().equals(DcgmRenderer.XID_COUNT_METRIC))
        .singleElement()
        .satisfies(s -> assertThat(s.labels()).containsEntry("xid", "79"));
    assertThat(now)
        .filteredOn(
            s ->
                s.metric().equals(DcgmRenderer.HEALTH_METRIC)
                    && "ALL".equals(s.labels().get("health_watch")))
        .extracting(Sample::value)
        .containsExactly("20");
    assertThat(now)
        .filteredOn(s -> s.metric().equals("DCGM_FI_DEV_GPU_UTIL_RATIO"))
        .extracting(Sample::value)
        .containsExactly("0.000000");
  }

  private List<Sample> page(double nvlinkBytes, Instant at) {
    return PageSamples.of(standard.render(List.of(reading(nvlinkBytes)), at));
  }

  private GpuReading reading(double nvlinkBytes) {
    double[] values = new double[DeviceField.values().length];
    for (Row row : ROWS) {
      values[row.field().ordinal()] = row.state();
    }
    values[DeviceField.NVLINK_BANDWIDTH_TOTAL.ordinal()] = nvlinkBytes;
    Map<HealthWatch, HealthWatch.Result> health = new EnumMap<>(HealthWatch.class);
    for (HealthWatch watch : HealthWatch.values()) {
      health.put(watch, HealthWatch.Result.OK);
    }
    return new GpuReading(gpu, values, health, null);
  }

  /**
   * The label sets of a family's lines in page order, as "key=value,..." in label order, the legacy
   * host and driver keys written as their new names.
   */
  private static List<String> labels(List<Sample> samples, String metric) {
    return samples.stream()
        .filter(s -> s.metric().equals(metric))
        .map(
            s ->
                String.join(
                    ",",
                    s.labels().entrySet().stream()
                        .map(e -> renamed(e.getKey()) + "=" + e.getValue())
                        .toList()))
        .toList();
  }

  private static String renamed(String legacyKey) {
    return switch (legacyKey) {
      case "Hostname" -> "hostname";
      case "DCGM_FI_DRIVER_VERSION" -> "DCGM_FI_SYSTEM_DRIVER_VERSION";
      default -> legacyKey;
    };
  }

  private static Map<String, String> dcgm46Renames() throws IOException {
    Map<String, String> renames = new HashMap<>();
    try (InputStream in =
        StandardNamingTest.class.getResourceAsStream(
            "/reference/dcgm_field-renames-dcgm-4.6.csv")) {
      String csv = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      csv.lines()
          .skip(1)
          .map(line -> line.split(","))
          .forEach(cells -> renames.put(cells[0], cells[1]));
    }
    return renames;
  }
}
