package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.assemble.PageAssembler;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.deviceingest.naming.ExporterNaming;
import io.strata.deviceingest.parse.PrometheusTextParser;
import io.strata.deviceingest.testing.StandardNamingPages;
import io.strata.deviceingest.xid.XidCatalog;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The real DRA example page (legacy naming) and the same page as dcgm-exporter 4.9 / 4.10 print it
 * (StandardNamingPages: new names, values converted in decimal into the new units, the driver and
 * hostname labels renamed) publish identical samples and XID events: the same doubles, bit for bit.
 * Exact because each conversion is a decimal shift applied to the digits the page wrote (0.29 →
 * 29.0, 1980000000 Hz → 1980.0 MHz) or a power of two (bytes → MiB), never a rounded factor.
 */
class StandardNamingRoundTripTest {

  private static final Path REFERENCE = Path.of("src/test/resources/reference");
  private static final Path DRA_EXAMPLE =
      REFERENCE.resolve(
          "examples/kubernetes-website_KubeletPodResourcesDynamicResources_dra_metrics.prom");
  private static final ScrapeTarget TARGET =
      new ScrapeTarget("http://10.0.0.9:9400/metrics", "sc-starwars-xxxx");
  private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");
  private static final String GPU_UUID = "GPU-a4f34abc-7715-3560-dcea-7238b9611a45";

  /** The shipped default of presence.expected-fields: dcgm-exporter's default counters. */
  private static final List<String> EXPECTED = defaultExpectedFields();

  /** Legacy values a GH200 could report: integers where DCGM's fields are integers. */
  private static final Map<String, String> VALUES =
      Map.ofEntries(
          Map.entry("DCGM_FI_DEV_SM_CLOCK", "1980"),
          Map.entry("DCGM_FI_DEV_MEM_CLOCK", "2619"),
          Map.entry("DCGM_FI_DEV_MEMORY_TEMP", "38"),
          Map.entry("DCGM_FI_DEV_GPU_TEMP", "34"),
          Map.entry("DCGM_FI_DEV_POWER_USAGE", "123.456"),
          Map.entry("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "9876543210"),
          Map.entry("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "0"),
          Map.entry("DCGM_FI_DEV_GPU_UTIL", "29"),
          Map.entry("DCGM_FI_DEV_MEM_COPY_UTIL", "57"),
          Map.entry("DCGM_FI_DEV_ENC_UTIL", "0"),
          Map.entry("DCGM_FI_DEV_DEC_UTIL", "3"),
          Map.entry("DCGM_FI_DEV_FB_FREE", "94877"),
          Map.entry("DCGM_FI_DEV_FB_USED", "2167"),
          Map.entry("DCGM_FI_DEV_FB_RESERVED", "660"),
          Map.entry("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "0"),
          Map.entry("DCGM_FI_DEV_VGPU_LICENSE_STATUS", "0"),
          Map.entry("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "0"),
          Map.entry("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "2"),
          Map.entry("DCGM_FI_DEV_ROW_REMAP_FAILURE", "0"),
          Map.entry("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "0.871234"),
          Map.entry("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "0.2"),
          Map.entry("DCGM_FI_PROF_DRAM_ACTIVE", "0.35"),
          Map.entry("DCGM_FI_PROF_PCIE_TX_BYTES", "123456"),
          Map.entry("DCGM_FI_PROF_PCIE_RX_BYTES", "23792"));

  private static List<String> defaultExpectedFields() {
    try {
      String defaults =
          DeviceIngestConfig.Presence.class
              .getMethod("expectedFields")
              .getAnnotation(io.smallrye.config.WithDefault.class)
              .value();
      return Arrays.asList(defaults.split(","));
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  /** Each page scraped in turn by a fresh processor: what it publishes. */
  private static List<ScrapeOutput> scrapes(List<String> pages) {
    ScrapeProcessor processor = new ScrapeProcessor("c1", EXPECTED, XidCatalog.load(), 20);
    List<ScrapeOutput> outputs = new ArrayList<>();
    for (int i = 0; i < pages.size(); i++) {
      String page = pages.get(i);
      outputs.add(
          processor.processPage(
              TARGET, new ScrapeResponse(page, "text/plain", page.length()), T0.plusSeconds(i)));
    }
    return outputs;
  }

  /** Samples and XID events as published; findings by kind and missing fields (messages differ). */
  private static List<Object> published(List<ScrapeOutput> outputs) {
    List<Object> events = new ArrayList<>();
    for (ScrapeOutput output : outputs) {
      for (OutgoingEvent<?> event : output.events()) {
        if (event.value() instanceof DeviceFinding finding) {
          events.add(List.of(event.key(), finding.kind(), finding.missingFields()));
        } else {
          events.add(List.of(event.key(), event.value(), event.id()));
        }
      }
    }
    return events;
  }

  private static <V> List<V> values(List<ScrapeOutput> outputs, Class<V> type) {
    return outputs.stream()
        .flatMap(o -> o.events().stream())
        .map(OutgoingEvent::value)
        .filter(type::isInstance)
        .map(type::cast)
        .toList();
  }

  private static ExporterNaming naming(String page) {
    return PageAssembler.assemble(new PrometheusTextParser(), page, 20).naming().naming();
  }

  /**
   * The real page's GPU with every default counter, the driver label, the XID gauge (with the
   * exporter's err_code/err_msg) and, when {@code counted}, the exporter's XID count.
   */
  private static String fullDraPage(int lastXid, boolean counted) throws IOException {
    List<String> labelSets =
        Files.readAllLines(DRA_EXAMPLE).stream()
            .map(line -> line.substring(line.indexOf('{') + 1, line.lastIndexOf('}')))
            .map(l -> l.replace(",container=", ",DCGM_FI_DRIVER_VERSION=\"580.95.05\",container="))
            .toList();
    Map<String, String[]> counters = new LinkedHashMap<>();
    for (String row : Files.readAllLines(REFERENCE.resolve("etc_default-counters.csv"))) {
      String[] cells = row.split(",", 3);
      if (!row.isBlank() && !row.startsWith("#") && !cells[1].strip().equals("label")) {
        counters.put(cells[0].strip(), new String[] {cells[1].strip(), cells[2].strip()});
      }
    }
    counters.put(
        "DCGM_FI_DEV_POWER_VIOLATION",
        new String[] {"counter", "Throttling duration due to power constraints (in us)."});
    StringBuilder page = new StringBuilder();
    counters.forEach(
        (name, typeAndHelp) -> {
          page.append("# HELP ").append(name).append(' ').append(typeAndHelp[1]).append('\n');
          page.append("# TYPE ").append(name).append(' ').append(typeAndHelp[0]).append('\n');
          for (String labels : labelSets) {
            String value = VALUES.getOrDefault(name, "1234567");
            if (name.equals("DCGM_FI_DEV_XID_ERRORS")) {
              value = Integer.toString(lastXid);
              labels += ",err_code=\"" + lastXid + "\",err_msg=\"" + xidText(lastXid) + "\"";
            }
            page.append(name).append('{').append(labels).append("} ").append(value).append('\n');
          }
        });
    if (counted) {
      page.append("# HELP DCGM_EXP_XID_ERRORS_COUNT Count of XID Errors within user-specified time")
          .append(" window (see xid-count-window-size param).\n")
          .append("# TYPE DCGM_EXP_XID_ERRORS_COUNT gauge\n");
      String labels = labelSets.get(0) + ",window_size_in_ms=\"300000\"";
      page.append("DCGM_EXP_XID_ERRORS_COUNT{")
          .append(lastXid == 0 ? labels : labels + ",xid=\"" + lastXid + "\"")
          .append(lastXid == 0 ? "} 0\n" : "} 1\n");
    }
    return page.toString();
  }

  private static String xidText(int xid) {
    return xid == 0 ? "No Error" : "GPU has fallen off the bus";
  }

  @Test
  void theRealDraPageReadsTheSameInTheNewNaming() throws IOException {
    String legacy = Files.readString(DRA_EXAMPLE);
    String standard = StandardNamingPages.translate(legacy);

    assertThat(standard)
        .contains("DCGM_FI_PROF_PCIE_RX_BYTES_PER_SECOND{", "hostname=\"sc-starwars-xxxx\"")
        .doesNotContain("Hostname=");
    List<ScrapeOutput> fromLegacy = scrapes(List.of(legacy));
    List<ScrapeOutput> fromStandard = scrapes(List.of(standard));

    assertThat(published(fromStandard)).isEqualTo(published(fromLegacy));
    DeviceSample sample = values(fromStandard, DeviceSample.class).get(0);
    assertThat(sample.node()).isEqualTo("sc-starwars-xxxx");
    assertThat(sample.fields())
        .containsExactly(Map.entry(DeviceField.PROF_PCIE_RX_BYTES.key(), 23792.0));
    assertThat(naming(legacy)).isEqualTo(ExporterNaming.LEGACY);
    assertThat(naming(standard)).isEqualTo(ExporterNaming.STANDARD);
  }

  @Test
  void aFullPageItsUnitsAndItsXidsReadTheSameInTheNewNaming() throws IOException {
    List<String> legacy =
        List.of(fullDraPage(0, true), fullDraPage(79, true), fullDraPage(79, true));
    List<String> standard = legacy.stream().map(StandardNamingPages::translate).toList();

    assertThat(standard.get(1))
        .contains(
            "DCGM_FI_DEV_SM_CLOCK_HERTZ{",
            "DCGM_FI_SYSTEM_DRIVER_VERSION=\"580.95.05\"",
            "} 1980000000\n",
            "DCGM_FI_DEV_GPU_UTIL_RATIO{",
            "} 0.29\n",
            "DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL{",
            "} 9876543.21\n",
            "DCGM_FI_DEV_FB_USED_BYTES{",
            "} 2272264192\n",
            "DCGM_FI_DEV_XID_ERROR{",
            "# HELP DCGM_FI_DEV_SM_CLOCK_HERTZ SM clock frequency (in Hz).")
        .doesNotContain("DCGM_FI_DEV_GPU_UTIL{", "DCGM_FI_DRIVER_VERSION");
    List<ScrapeOutput> fromLegacy = scrapes(legacy);
    List<ScrapeOutput> fromStandard = scrapes(standard);

    assertThat(published(fromStandard)).isEqualTo(published(fromLegacy));
    DeviceSample sample = values(fromStandard, DeviceSample.class).get(1);
    assertThat(sample.driverVersion()).isEqualTo("580.95.05");
    assertThat(sample.lastXid()).isEqualTo(79);
    assertThat(sample.field(DeviceField.SM_CLOCK)).isEqualTo(1980.0);
    assertThat(sample.field(DeviceField.GPU_UTIL)).isEqualTo(29.0);
    assertThat(sample.field(DeviceField.MEM_COPY_UTIL)).isEqualTo(57.0);
    assertThat(sample.field(DeviceField.TOTAL_ENERGY_CONSUMPTION)).isEqualTo(9876543210.0);
    assertThat(sample.field(DeviceField.FB_USED)).isEqualTo(2167.0);
    assertThat(sample.field(DeviceField.POWER_USAGE)).isEqualTo(123.456);
    assertThat(sample.field(DeviceField.POWER_VIOLATION)).isEqualTo(1234567.0);
    assertThat(sample.field(DeviceField.PROF_GR_ENGINE_ACTIVE)).isEqualTo(0.871234);
    assertThat(sample.fields()).hasSize(26);
    assertThat(values(fromStandard, XidEvent.class))
        .singleElement()
        .satisfies(
            xid -> {
              assertThat(xid.xid()).isEqualTo(79);
              assertThat(xid.source()).isEqualTo(XidSource.XID_ERRORS_COUNT);
              assertThat(xid.gpuUuid()).isEqualTo(GPU_UUID);
            });
    assertThat(values(fromStandard, DeviceFinding.class)).isEmpty();
    assertThat(naming(standard.get(0))).isEqualTo(ExporterNaming.STANDARD);
  }

  @Test
  void theStickyXidGaugeAloneFiresTheSameUnderItsNewName() throws IOException {
    List<String> legacy =
        List.of(fullDraPage(0, false), fullDraPage(79, false), fullDraPage(79, false));
    List<String> standard = legacy.stream().map(StandardNamingPages::translate).toList();

    List<ScrapeOutput> fromStandard = scrapes(standard);

    assertThat(published(fromStandard)).isEqualTo(published(scrapes(legacy)));
    assertThat(values(fromStandard, XidEvent.class))
        .singleElement()
        .satisfies(
            xid -> {
              assertThat(xid.xid()).isEqualTo(79);
              assertThat(xid.source()).isEqualTo(XidSource.LAST_XID_GAUGE);
            });
  }
}
