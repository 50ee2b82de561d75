package io.strata.deviceingest.naming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.device.DeviceField;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The shipped naming table against DCGM's own rename lists (copies in src/test/resources). */
class FieldNameTableTest {

  private static final Path REFERENCE = Path.of("src/test/resources/reference");
  private static final FieldNames TABLE = FieldNames.shipped();

  /** legacy|standard pairs of a reference CSV (first two columns). */
  private static Set<String> pairs(String file) throws IOException {
    return Files.readAllLines(REFERENCE.resolve(file)).stream()
        .skip(1)
        .map(row -> row.split(","))
        .map(cells -> cells[0] + "|" + cells[1])
        .collect(Collectors.toSet());
  }

  private static List<FieldName> standardNames() {
    return TABLE.names().stream().filter(n -> n.naming() == Naming.STANDARD).toList();
  }

  @Test
  void everyRenameIsDcgmsOwnAliasOrANamedLaterSource() throws IOException {
    Set<String> dcgm46 = pairs("dcgm_field-renames-4.6.csv");
    Set<String> later = pairs("dcgm_names-after-4.6.csv");

    assertThat(dcgm46).hasSize(325);
    assertThat(standardNames())
        .hasSize(35)
        .allSatisfy(
            name -> {
              String pair = name.canonicalName() + "|" + name.exporterName();
              assertThat(dcgm46.contains(pair) || later.contains(pair)).as(pair).isTrue();
            });
  }

  @Test
  void theUnitIsTheOneTheDeviceFieldKeyStates() {
    Map<String, Unit> byKeySuffix =
        Map.of(
            "_celsius", Unit.CELSIUS,
            "_watts", Unit.WATTS,
            "_mhz", Unit.MEGAHERTZ,
            "_millijoules", Unit.MILLIJOULES,
            "_mib", Unit.MEBIBYTES,
            "_percent", Unit.PERCENT,
            "_ratio", Unit.RATIO,
            "_microseconds_total", Unit.MICROSECONDS,
            "_bytes_per_second", Unit.BYTES_PER_SECOND);
    for (FieldName name : standardNames()) {
      if (name.isLabel()) {
        assertThat(name.canonicalName()).isEqualTo("DCGM_FI_DRIVER_VERSION");
        continue;
      }
      String key = name.field().key();
      Unit stated =
          byKeySuffix.entrySet().stream()
              .filter(e -> key.endsWith(e.getKey()))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElse(null);
      if (stated != null) {
        assertThat(name.unit()).as(key).isEqualTo(stated);
      } else {
        assertThat(name.unit()).as(key).isIn(Unit.NONE, Unit.UNSTATED);
      }
    }
  }

  @Test
  void aStandardNameStatesItsUnitBySuffix() {
    Map<String, Unit> units = new HashMap<>();
    standardNames().forEach(n -> units.put(n.exporterName(), n.nameUnit()));

    assertThat(units)
        .containsEntry("DCGM_FI_DEV_SM_CLOCK_HERTZ", Unit.HERTZ)
        .containsEntry("DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL", Unit.JOULES)
        .containsEntry("DCGM_FI_DEV_FB_USED_BYTES", Unit.BYTES)
        .containsEntry("DCGM_FI_DEV_GPU_UTIL_RATIO", Unit.RATIO)
        .containsEntry("DCGM_FI_DEV_GPU_POWER_THROTTLE_SECONDS_TOTAL", Unit.SECONDS)
        .containsEntry("DCGM_FI_PROF_PCIE_TX_BYTES_PER_SECOND", Unit.BYTES_PER_SECOND)
        .containsEntry("DCGM_FI_DEV_GPU_TEMP_CELSIUS", Unit.CELSIUS)
        .containsEntry("DCGM_FI_DEV_BOARD_POWER_WATTS", Unit.WATTS)
        .containsEntry("DCGM_FI_DEV_XID_ERROR", null)
        .containsEntry("DCGM_FI_DEV_PCIE_REPLAY_TOTAL", null)
        .containsEntry("DCGM_FI_DEV_NVLINK_THROUGHPUT_TOTAL", null);
  }

  @Test
  void everyDefaultAndProfilingCounterIsReadUnderBothNamesOrKeepsItsName() throws IOException {
    List<String> counters =
        Files.readAllLines(REFERENCE.resolve("etc_default-counters.csv")).stream()
            .filter(row -> !row.isBlank() && !row.startsWith("#"))
            .map(row -> row.split(",")[0].strip())
            .toList();

    assertThat(counters).hasSize(26);
    assertThat(counters.stream().filter(name -> TABLE.find(name) == null))
        .containsExactly("DCGM_FI_DEV_VGPU_LICENSE_STATUS");
    for (DeviceField field : DeviceField.values()) {
      FieldName legacy = TABLE.find(field.dcgmName());
      if (legacy != null) {
        assertThat(legacy.naming()).isEqualTo(Naming.LEGACY);
        assertThat(legacy.field()).isEqualTo(field);
      }
    }
  }

  @Test
  void namesResolveToTheLegacyNameAndKeepUnknownNames() {
    assertThat(TABLE.canonical("DCGM_FI_DEV_GPU_TEMP_CELSIUS")).isEqualTo("DCGM_FI_DEV_GPU_TEMP");
    assertThat(TABLE.canonical("DCGM_FI_SYSTEM_DRIVER_VERSION"))
        .isEqualTo("DCGM_FI_DRIVER_VERSION");
    assertThat(TABLE.canonical("DCGM_FI_DEV_GPU_TEMP")).isEqualTo("DCGM_FI_DEV_GPU_TEMP");
    assertThat(TABLE.canonical("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"))
        .isEqualTo("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL");
    assertThat(TABLE.find("DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND").field())
        .isEqualTo(DeviceField.NVLINK_BANDWIDTH_TOTAL);
  }

  @Test
  void aRenameIsOneLine() {
    FieldNames table =
        FieldNames.parse(
            List.of(
                "# comment",
                "legacy_name,standard_name,unit",
                "DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_GPU_TEMP_CELSIUS,CELSIUS"));

    assertThat(table.find("DCGM_FI_DEV_GPU_TEMP_CELSIUS"))
        .isEqualTo(
            new FieldName(
                "DCGM_FI_DEV_GPU_TEMP_CELSIUS",
                "DCGM_FI_DEV_GPU_TEMP",
                DeviceField.GPU_TEMP,
                Naming.STANDARD,
                Unit.CELSIUS,
                Unit.CELSIUS));
    assertThat(table.names()).hasSize(2);
  }

  @Test
  void aBrokenRowIsRefusedWithItsLineAndWhy() {
    assertRefused("DCGM_FI_DEV_SM_CLOCK,DCGM_FI_DEV_SM_CLOCK_HERTZ,CELSIUS", "does not convert");
    assertRefused("DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_GPU_TEMP_CELSIUS,KELVIN", "unknown unit");
    assertRefused("DCGM_FI_NOT_A_FIELD,DCGM_FI_NOT_A_FIELD_RATIO,RATIO", "must be a DeviceField");
    assertRefused("DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_GPU_TEMP,CELSIUS", "two different names");
    assertRefused("DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_GPU_TEMP_CELSIUS", "three cells");
    assertRefused(
        "DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_GPU_TEMP_CELSIUS,CELSIUS\n"
            + "DCGM_FI_DEV_MEMORY_TEMP,DCGM_FI_DEV_GPU_TEMP_CELSIUS,CELSIUS",
        "appears twice");
    assertThatThrownBy(() -> FieldNames.parse(List.of("a,b,c")))
        .hasMessageContaining("line 1: the header must be");
  }

  private static void assertRefused(String rows, String why) {
    List<String> lines =
        new java.util.ArrayList<>(List.of("legacy_name,standard_name,unit", "# a comment"));
    lines.addAll(List.of(rows.split("\n")));
    assertThatThrownBy(() -> FieldNames.parse(lines))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(FieldNames.RESOURCE + " line " + lines.size())
        .hasMessageContaining(why);
  }
}
