package io.strata.deviceingest.assemble;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.WithDefault;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.testing.DcgmPageWriter;
import io.strata.events.device.DeviceField;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped defaults against dcgm-exporter's own counter lists (copies in
 * src/test/resources/reference).
 */
class ExporterCounterListsTest {

  private static final Path REFERENCE = Path.of("src/test/resources/reference");

  /** Active entries of a counters CSV: {name, type}. */
  private static List<String[]> counters(String file) throws IOException {
    return Files.readAllLines(REFERENCE.resolve(file)).stream()
        .map(String::trim)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .map(line -> line.split(","))
        .map(cells -> new String[] {cells[0].trim(), cells[1].trim()})
        .toList();
  }

  @Test
  void expectedFieldsDefaultToTheExportersDefaultCounters()
      throws NoSuchMethodException, IOException {
    List<String> defaults = counters("etc_default-counters.csv").stream().map(c -> c[0]).toList();
    String configured =
        DeviceIngestConfig.Presence.class
            .getMethod("expectedFields")
            .getAnnotation(WithDefault.class)
            .value();

    assertThat(Arrays.asList(configured.split(","))).containsExactlyInAnyOrderElementsOf(defaults);
  }

  @Test
  void everyDefaultAndDcpMetricHasAStableName() throws IOException {
    List<String> metrics =
        java.util.stream.Stream.concat(
                counters("etc_default-counters.csv").stream(),
                counters("etc_dcp-metrics-included.csv").stream())
            .filter(c -> !c[1].equals("label"))
            .map(c -> c[0])
            .distinct()
            .toList();

    assertThat(metrics)
        .allSatisfy(name -> assertThat(DeviceField.fromDcgmName(name)).as(name).isPresent());
    assertThat(metrics)
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.Stream.concat(
                    DcgmPageWriter.DEFAULT_FIELDS.stream(), DcgmPageWriter.DCP_FIELDS.stream())
                .toList());
  }
}
