package io.strata.deviceingest.naming;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnitTest {

  @Test
  void conversionsAreExactShiftsBetweenUnitsOfOneQuantity() {
    assertThat(Unit.HERTZ.to(Unit.MEGAHERTZ)).contains(new Conversion(-6, 0));
    assertThat(Unit.JOULES.to(Unit.MILLIJOULES)).contains(new Conversion(3, 0));
    assertThat(Unit.BYTES.to(Unit.MEBIBYTES)).contains(new Conversion(0, -20));
    assertThat(Unit.RATIO.to(Unit.PERCENT)).contains(new Conversion(2, 0));
    assertThat(Unit.SECONDS.to(Unit.MICROSECONDS)).contains(new Conversion(6, 0));
    assertThat(Unit.NANOSECONDS.to(Unit.MICROSECONDS)).contains(new Conversion(-3, 0));
    assertThat(Unit.CELSIUS.to(Unit.CELSIUS)).contains(Conversion.IDENTITY);
    assertThat(Unit.NONE.to(Unit.NONE)).contains(Conversion.IDENTITY);
  }

  @Test
  void differentQuantitiesDoNotConvert() {
    assertThat(Unit.PERCENT.to(Unit.MEGAHERTZ)).isEmpty();
    assertThat(Unit.BYTES_PER_SECOND.to(Unit.UNSTATED)).isEmpty();
    assertThat(Unit.BYTES.to(Unit.BYTES_PER_SECOND)).isEmpty();
    assertThat(Unit.RATIO.to(Unit.NONE)).isEmpty();
    assertThat(Unit.NONE.to(Unit.LABEL)).isEmpty();
  }

  @Test
  void aStandardNameStatesItsUnitBySuffixAfterAnOptionalTotal() {
    assertThat(Unit.ofStandardName("DCGM_FI_DEV_GPU_TEMP_CELSIUS")).isEqualTo(Unit.CELSIUS);
    assertThat(Unit.ofStandardName("DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL")).isEqualTo(Unit.JOULES);
    assertThat(Unit.ofStandardName("DCGM_FI_PROF_PCIE_RX_BYTES_PER_SECOND"))
        .isEqualTo(Unit.BYTES_PER_SECOND);
    assertThat(Unit.ofStandardName("DCGM_FI_DEV_FB_FREE_BYTES")).isEqualTo(Unit.BYTES);
    assertThat(Unit.ofStandardName("DCGM_FI_DEV_FB_USED_RATIO")).isEqualTo(Unit.RATIO);
    assertThat(Unit.ofStandardName("DCGM_FI_DEV_ROW_REMAP_UNCORRECTABLE_TOTAL")).isNull();
    assertThat(Unit.ofStandardName("DCGM_FI_DEV_XID_ERROR")).isNull();
  }

  /**
   * The HELP texts dcgm-exporter ships for its default counters state the units Strata publishes
   * the fields in: their legacy names are what the contract's units were taken from.
   */
  @Test
  void theExportersOwnHelpTextsStateTheContractsUnits() throws IOException {
    Map<String, Unit> stated = new LinkedHashMap<>();
    for (String row :
        Files.readAllLines(Path.of("src/test/resources/reference/etc_default-counters.csv"))) {
      if (!row.isBlank() && !row.startsWith("#")) {
        String[] cells = row.split(",", 3);
        stated.put(cells[0].strip(), HelpUnits.of(cells[2].strip()));
      }
    }

    Map<String, Unit> expected = new LinkedHashMap<>();
    expected.put("DCGM_FI_DEV_SM_CLOCK", Unit.MEGAHERTZ);
    expected.put("DCGM_FI_DEV_MEM_CLOCK", Unit.MEGAHERTZ);
    expected.put("DCGM_FI_DEV_MEMORY_TEMP", Unit.CELSIUS);
    expected.put("DCGM_FI_DEV_GPU_TEMP", Unit.CELSIUS);
    expected.put("DCGM_FI_DEV_POWER_USAGE", Unit.WATTS);
    expected.put("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", Unit.MILLIJOULES);
    expected.put("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", null);
    expected.put("DCGM_FI_DEV_GPU_UTIL", Unit.PERCENT);
    expected.put("DCGM_FI_DEV_MEM_COPY_UTIL", Unit.PERCENT);
    expected.put("DCGM_FI_DEV_ENC_UTIL", Unit.PERCENT);
    expected.put("DCGM_FI_DEV_DEC_UTIL", Unit.PERCENT);
    expected.put("DCGM_FI_DEV_XID_ERRORS", null);
    expected.put("DCGM_FI_DEV_FB_FREE", Unit.MEBIBYTES);
    expected.put("DCGM_FI_DEV_FB_USED", Unit.MEBIBYTES);
    expected.put("DCGM_FI_DEV_FB_RESERVED", Unit.MEBIBYTES);
    expected.put("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", null);
    expected.put("DCGM_FI_DEV_VGPU_LICENSE_STATUS", null);
    expected.put("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", null);
    expected.put("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", null);
    expected.put("DCGM_FI_DEV_ROW_REMAP_FAILURE", null);
    expected.put("DCGM_FI_DRIVER_VERSION", null);
    expected.put("DCGM_FI_PROF_GR_ENGINE_ACTIVE", Unit.RATIO);
    expected.put("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", Unit.RATIO);
    expected.put("DCGM_FI_PROF_DRAM_ACTIVE", Unit.RATIO);
    expected.put("DCGM_FI_PROF_PCIE_TX_BYTES", Unit.BYTES_PER_SECOND);
    expected.put("DCGM_FI_PROF_PCIE_RX_BYTES", Unit.BYTES_PER_SECOND);
    assertThat(stated).containsExactlyEntriesOf(expected);
    stated.forEach(
        (name, unit) -> {
          if (unit != null) {
            assertThat(FieldNames.shipped().find(name).unit()).as(name).isEqualTo(unit);
          }
        });
  }

  @Test
  void helpWordingsNotListedStateNothing() {
    assertThat(HelpUnits.of("Total number of bytes transmitted through PCIe TX (in KB) via NVML."))
        .isNull();
    assertThat(HelpUnits.of("SM clock frequency (in Hz).")).isEqualTo(Unit.HERTZ);
    assertThat(HelpUnits.of("Throttling duration due to power constraints (in ns)."))
        .isEqualTo(Unit.NANOSECONDS);
    assertThat(HelpUnits.of("The ratio of cycles an SM has at least 1 warp assigned."))
        .isEqualTo(Unit.RATIO);
    assertThat(HelpUnits.of("GPU utilization (in percent, or so)")).isNull();
    assertThat(HelpUnits.of("")).isNull();
  }
}
