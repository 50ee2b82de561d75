package io.strata.simulator.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.Node;
import io.strata.simulator.model.Scenario;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class DcgmRendererTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final Pattern LINE =
      Pattern.compile("^([A-Z_]+)\\{(.*)\\} (-?[0-9]+(?:\\.[0-9]+)?)$");
  private static final Pattern LABEL = Pattern.compile("([A-Za-z_]+)=\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final List<String> FIXED =
      List.of(
          "gpu", "UUID", "pci_bus_id", "device", "modelName", "Hostname", "DCGM_FI_DRIVER_VERSION");

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);
  private final DcgmRenderer renderer =
      new DcgmRenderer(ClusterShape.defaults(), Duration.ofMinutes(5));

  record Sample(String metric, Map<String, String> labels, String value) {}

  @Test
  void publishesEveryNumericFieldOfTheReferenceCounterFilesWithTheirTypeAndHelp()
      throws IOException {
    Map<String, String[]> expected = new LinkedHashMap<>();
    expected.putAll(counters("/reference/etc_default-counters.csv"));
    expected.putAll(counters("/reference/etc_dcp-metrics-included.csv"));
    String page = page(model.nodes().get(1).name());
    for (Map.Entry<String, String[]> field : expected.entrySet()) {
      assertThat(page)
          .contains("# TYPE " + field.getKey() + " " + field.getValue()[0] + "\n")
          .contains("# HELP " + field.getKey() + " " + field.getValue()[1] + "\n");
    }
    Set<String> published = new LinkedHashSet<>();
    samples(page).forEach(s -> published.add(s.metric()));
    Set<String> allowed = new LinkedHashSet<>(expected.keySet());
    allowed.add(DcgmRenderer.XID_COUNT_METRIC);
    allowed.add(DcgmRenderer.HEALTH_METRIC);
    assertThat(published).containsExactlyInAnyOrderElementsOf(allowed);
  }

  @Test
  void everyLineStartsWithTheExporterLabelsThenSortedAttributes() {
    for (Node node : model.nodes()) {
      for (Sample sample : samples(page(node.name()))) {
        List<String> keys = new ArrayList<>(sample.labels().keySet());
        assertThat(keys.subList(0, FIXED.size())).isEqualTo(FIXED);
        List<String> rest = keys.subList(FIXED.size(), keys.size());
        assertThat(rest).isSorted();
        assertThat(sample.labels().get("device")).isEqualTo("nvidia" + sample.labels().get("gpu"));
        assertThat(sample.labels().get("Hostname")).isEqualTo(node.name());
        assertThat(sample.labels().get("UUID")).startsWith("GPU-");
      }
    }
  }

  @Test
  void podLabelsFollowTheKubernetesPlacementAndFreeGpusHaveNone() {
    for (Node node : model.nodes()) {
      Map<String, Sample> utilByGpu = new LinkedHashMap<>();
      samples(page(node.name())).stream()
          .filter(s -> s.metric().equals("DCGM_FI_DEV_GPU_UTIL"))
          .forEach(s -> utilByGpu.put(s.labels().get("gpu"), s));
      assertThat(utilByGpu).hasSize(8);
      for (Gpu gpu : node.gpus()) {
        Map<String, String> labels = utilByGpu.get(Integer.toString(gpu.index())).labels();
        if (gpu.holder() == null) {
          assertThat(labels).doesNotContainKeys("pod", "namespace", "container");
        } else {
          assertThat(labels)
              .containsEntry("pod", gpu.holder().name())
              .containsEntry("namespace", gpu.holder().namespace())
              .containsEntry("container", gpu.holder().container());
        }
      }
    }
  }

  @Test
  void draGpuCarriesTheSameLabelSetAsTheReferenceDraExample() throws IOException {
    Set<String> referenceKeys;
    try (InputStream in =
        getClass()
            .getResourceAsStream(
                "/reference/kubernetes-website_KubeletPodResourcesDynamicResources_dra_metrics.prom")) {
      String line = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().findFirst().get();
      referenceKeys = samples(line).get(0).labels().keySet();
    }
    Gpu draGpu =
        model.nodes().stream()
            .flatMap(n -> n.gpus().stream())
            .filter(g -> g.holder() != null && g.holder().draClaim() != null)
            .findFirst()
            .orElseThrow();
    Sample sample =
        samples(page(draGpu.node())).stream()
            .filter(
                s ->
                    s.metric().equals("DCGM_FI_PROF_PCIE_RX_BYTES")
                        && s.labels().get("UUID").equals(draGpu.uuid()))
            .findFirst()
            .orElseThrow();
    Set<String> keys = new LinkedHashSet<>(sample.labels().keySet());
    keys.remove("DCGM_FI_DRIVER_VERSION");
    assertThat(keys).containsExactlyInAnyOrderElementsOf(referenceKeys);
    assertThat(sample.labels())
        .containsEntry("dra_driver_name", "gpu.nvidia.com")
        .containsEntry("dra_pool_name", draGpu.node())
        .containsEntry("dra_device_name", "gpu-" + draGpu.index())
        .containsEntry("dra_claim_name", draGpu.holder().draClaim());
  }

  @Test
  void xid79ShowsInTheStickyGaugeTheWindowCountAndHealth() {
    Gpu gpu = model.targets().xid79Gpu();
    model.activate(Scenario.XID_79, T0);
    List<Sample> samples =
        samples(page(gpu.node())).stream()
            .filter(s -> gpu.uuid().equals(s.labels().get("UUID")))
            .toList();
    assertThat(samples)
        .filteredOn(s -> s.metric().equals("DCGM_FI_DEV_XID_ERRORS"))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo("79");
              assertThat(s.labels())
                  .containsEntry("err_code", "79")
                  .containsEntry("err_msg", "GPU has fallen off the bus");
            });
    assertThat(samples)
        .filteredOn(s -> s.metric().equals(DcgmRenderer.XID_COUNT_METRIC))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo("1");
              assertThat(s.labels())
                  .containsEntry("xid", "79")
                  .containsEntry("window_size_in_ms", "300000");
            });
    assertThat(samples)
        .filteredOn(
            s ->
                s.metric().equals(DcgmRenderer.HEALTH_METRIC)
                    && "ALL".equals(s.labels().get("health_watch")))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo("20");
              assertThat(s.labels()).containsEntry("health_error_code", "DCGM_FR_FALLEN_OFF_BUS");
            });
  }

  @Test
  void healthLinesFollowTheGpuFromPageToPageThroughTheCachedLabels() {
    Gpu gpu = model.targets().xid79Gpu();
    assertThat(allWatch(gpu)).isEqualTo("DCGM_FR_OK=0");
    model.activate(Scenario.XID_79, T0);
    assertThat(allWatch(gpu)).isEqualTo("DCGM_FR_FALLEN_OFF_BUS=20");
    model.activate(Scenario.HEALTHY, T0.plusSeconds(1));
    assertThat(allWatch(gpu)).isEqualTo("DCGM_FR_OK=0");
  }

  /** The GPU's health_watch="ALL" line on a fresh page, as "error code=value". */
  private String allWatch(Gpu gpu) {
    return samples(page(gpu.node())).stream()
        .filter(
            s ->
                s.metric().equals(DcgmRenderer.HEALTH_METRIC)
                    && gpu.uuid().equals(s.labels().get("UUID"))
                    && "ALL".equals(s.labels().get("health_watch")))
        .map(s -> s.labels().get("health_error_code") + "=" + s.value())
        .reduce((a, b) -> a + ";" + b)
        .orElse("none");
  }

  @Test
  void aGpuWithoutXidsHasOneZeroCountWithoutXidLabel() {
    Gpu gpu = model.nodes().get(2).gpus().get(0);
    assertThat(samples(page(gpu.node())))
        .filteredOn(
            s ->
                s.metric().equals(DcgmRenderer.XID_COUNT_METRIC)
                    && gpu.uuid().equals(s.labels().get("UUID")))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo("0");
              assertThat(s.labels()).doesNotContainKey("xid");
            });
  }

  @Test
  void missingFieldsAreAbsentFromThatExporterAltogether() {
    String node = model.targets().missingFieldsNode();
    model.activate(Scenario.MISSING_FIELDS, T0);
    String page = page(node);
    assertThat(page).doesNotContain("DCGM_FI_DEV_POWER_USAGE").contains("DCGM_FI_DEV_GPU_TEMP{");
  }

  @Test
  void labelValuesAreEscaped() {
    StringBuilder out = new StringBuilder();
    LabelSet.escape("a\"b\\c\nd", out);
    assertThat(out).hasToString("a\\\"b\\\\c\\nd");
  }

  private String page(String node) {
    return renderer.render(model.readings(node, T0), T0);
  }

  private static List<Sample> samples(String page) {
    List<Sample> out = new ArrayList<>();
    for (String line : page.split("\n")) {
      if (line.startsWith("#") || line.isEmpty()) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      assertThat(m.matches()).as("line %s", line).isTrue();
      Map<String, String> labels = new LinkedHashMap<>();
      Matcher l = LABEL.matcher(m.group(2));
      int end = 0;
      while (l.find()) {
        assertThat(l.start()).as("labels of %s", line).isEqualTo(end == 0 ? 0 : end + 1);
        labels.put(l.group(1), l.group(2));
        end = l.end();
      }
      assertThat(end).isEqualTo(m.group(2).length());
      out.add(new Sample(m.group(1), labels, m.group(3)));
    }
    return out;
  }

  /** Uncommented numeric fields of a dcgm-exporter counters CSV: name → (type, help). */
  private Map<String, String[]> counters(String resource) throws IOException {
    Map<String, String[]> out = new LinkedHashMap<>();
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(
                getClass().getResourceAsStream(resource), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] parts = line.split(",", 3);
        String type = parts[1].trim();
        if (!type.equals("label")) {
          out.put(parts[0].trim(), new String[] {type, parts[2].trim()});
        }
      }
    }
    return out;
  }

  /**
   * The fast six-decimal form writes exactly what the Formatter wrote, over every kind of value.
   */
  @Test
  void formatsSixDecimalsExactlyAsTheFormatterDid() {
    java.util.Random random = new java.util.Random(20261203L);
    List<Double> values =
        new java.util.ArrayList<>(
            List.of(
                0.0,
                -0.0,
                0.5e-6,
                -0.5e-6,
                1.0000005,
                2.4999995,
                -1e-9,
                1e20,
                123456.1234565,
                Double.NaN,
                Double.POSITIVE_INFINITY,
                Double.MIN_VALUE,
                Double.MAX_VALUE));
    for (int i = 0; i < 200_000; i++) {
      values.add(
          switch (i % 4) {
            case 0 -> random.nextDouble();
            case 1 -> (random.nextDouble() - 0.5) * 2_000;
            case 2 -> Math.round(random.nextDouble() * 1e9) / 1e7; // few digits, many ties
            default -> Double.longBitsToDouble(random.nextLong());
          });
    }
    for (double value : values) {
      assertThat(DcgmRenderer.format(value, true))
          .as("%s", value)
          .isEqualTo(String.format(java.util.Locale.ROOT, "%.6f", value));
    }
  }
}
