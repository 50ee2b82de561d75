package io.strata.deviceingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.parse.CollectingSink.Error;
import io.strata.deviceingest.parse.CollectingSink.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextParserTest {

  private static final Path DRA_EXAMPLE =
      Path.of(
          "src/test/resources/reference/examples/"
              + "kubernetes-website_KubeletPodResourcesDynamicResources_dra_metrics.prom");

  private final CollectingSink sink = new CollectingSink();

  private ParseSummary parse(String text) {
    return new PrometheusTextParser().parse(text, sink);
  }

  @Test
  void readsHelpTypeAndLabelledSamples() {
    ParseSummary summary =
        parse(
            "# HELP DCGM_FI_DEV_GPU_TEMP GPU temperature (in C).\n"
                + "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
                + "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"GPU-1\",modelName=\"NVIDIA H100\"} 41\n"
                + "up 1\n");

    assertThat(summary).isEqualTo(new ParseSummary(4, 2, 0));
    assertThat(sink.samples)
        .containsExactly(
            new Sample(
                3,
                "DCGM_FI_DEV_GPU_TEMP",
                Map.of("gpu", "0", "UUID", "GPU-1", "modelName", "NVIDIA H100"),
                41.0,
                null),
            new Sample(4, "up", Map.of(), 1.0, null));
    assertThat(sink.errors).isEmpty();
  }

  @Test
  void unescapesLabelValuesAndKeepsUnknownEscapes() {
    parse("m{a=\"x\\\"y\",b=\"back\\\\slash\",c=\"two\\nlines\",d=\"C:\\\\d\\q\"} 1\n");

    assertThat(sink.samples.get(0).labels())
        .containsExactly(
            Map.entry("a", "x\"y"),
            Map.entry("b", "back\\slash"),
            Map.entry("c", "two\nlines"),
            Map.entry("d", "C:\\d\\q"));
  }

  @Test
  void readsTimestampsSpecialValuesAndNumberForms() {
    parse(
        "a 1 1700000000000\n"
            + "b NaN\n"
            + "c +Inf\n"
            + "d -Inf\n"
            + "e 1.5e3\n"
            + "f -0.25\n"
            + "g 12345678901234567890\n"
            + "h 0.1\n"
            + "i 3.14159265358979323846\n");

    assertThat(sink.samples).extracting(Sample::timestamp).first().isEqualTo(1.7e12);
    assertThat(sink.samples.get(1).value()).isNaN();
    assertThat(sink.samples.get(2).value()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(sink.samples.get(3).value()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(sink.samples.subList(4, 9))
        .extracting(Sample::value)
        .containsExactly(1500.0, -0.25, 12345678901234567890.0, 0.1, 3.14159265358979323846);
    assertThat(sink.errors).isEmpty();
  }

  @Test
  void toleratesCommentsBlankLinesCrlfWhitespaceAndNoFinalNewline() {
    ParseSummary summary =
        parse("# just a comment\r\n\r\n   \n#\nm{ a = \"1\" , } 2\r\n\tn 3 \r\no{} 4");

    assertThat(summary.samples()).isEqualTo(3);
    assertThat(sink.samples)
        .extracting(Sample::line, Sample::name, Sample::value)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(5, "m", 2.0),
            org.assertj.core.groups.Tuple.tuple(6, "n", 3.0),
            org.assertj.core.groups.Tuple.tuple(7, "o", 4.0));
    assertThat(sink.samples.get(0).labels()).containsExactly(Map.entry("a", "1"));
    assertThat(sink.errors).isEmpty();
  }

  @Test
  void reportsEachMalformedLineWithItsNumberAndKeepsTheRest() {
    String page =
        "good_a 1\n"
            + "bad{gpu=\"0\" 1\n"
            + "bad{gpu=0} 1\n"
            + "bad{gpu=\"0} 1\n"
            + "bad{1gpu=\"0\"} 1\n"
            + "bad{gpu\"0\"} 1\n"
            + "bad 1d\n"
            + "bad 0x1p3\n"
            + "bad\n"
            + "bad 1 2 3\n"
            + "bad 1 notatime\n"
            + "9bad 1\n"
            + "bad-name 1\n"
            + "# TYPE bad notatype\n"
            + "# HELP\n"
            + "good_b{x=\"y\"} 2\n";

    ParseSummary summary = parse(page);

    assertThat(summary).isEqualTo(new ParseSummary(16, 2, 14));
    assertThat(sink.samples).extracting(Sample::name).containsExactly("good_a", "good_b");
    assertThat(sink.errors)
        .containsExactly(
            new Error(2, ParseErrorReason.UNTERMINATED_LABEL_SET),
            new Error(3, ParseErrorReason.UNQUOTED_LABEL_VALUE),
            new Error(4, ParseErrorReason.UNTERMINATED_LABEL_VALUE),
            new Error(5, ParseErrorReason.INVALID_LABEL_NAME),
            new Error(6, ParseErrorReason.MISSING_LABEL_EQUALS),
            new Error(7, ParseErrorReason.INVALID_VALUE),
            new Error(8, ParseErrorReason.INVALID_VALUE),
            new Error(9, ParseErrorReason.MISSING_VALUE),
            new Error(10, ParseErrorReason.TRAILING_CHARACTERS),
            new Error(11, ParseErrorReason.INVALID_TIMESTAMP),
            new Error(12, ParseErrorReason.INVALID_METRIC_NAME),
            new Error(13, ParseErrorReason.INVALID_METRIC_NAME),
            new Error(14, ParseErrorReason.INVALID_METADATA),
            new Error(15, ParseErrorReason.INVALID_METADATA));
  }

  @Test
  void readsOpenMetricsWithUnitExemplarsSecondsAndEof() {
    ParseSummary summary =
        new PrometheusTextParser(ExpositionFormat.OPENMETRICS)
            .parse(
                "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
                    + "# UNIT DCGM_FI_DEV_POWER_USAGE watts\n"
                    + "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\"} 312.5 1700000000.123\n"
                    + "requests_total 7 # {trace_id=\"abc\"} 1.0 1700000000\n"
                    + "# EOF\n"
                    + "after_eof 1\n",
                sink);

    assertThat(summary.samples()).isEqualTo(2);
    assertThat(sink.samples.get(0).timestamp()).isEqualTo(1700000000.123);
    assertThat(sink.samples.get(1).value()).isEqualTo(7.0);
    assertThat(sink.errors).isEmpty();
  }

  @Test
  void exemplarsAreTrailingGarbageInPrometheusText() {
    parse("requests_total 7 # {trace_id=\"abc\"} 1.0\n");

    assertThat(sink.errors).containsExactly(new Error(1, ParseErrorReason.TRAILING_CHARACTERS));
  }

  @Test
  void readsTheRealDraExampleLines() throws IOException {
    ParseSummary summary = parse(Files.readString(DRA_EXAMPLE));

    assertThat(summary.samples()).isEqualTo(2);
    assertThat(sink.errors).isEmpty();
    assertThat(sink.samples.get(0).labels())
        .containsEntry("UUID", "GPU-a4f34abc-7715-3560-dcea-7238b9611a45")
        .containsEntry("pci_bus_id", "00000009:01:00.0")
        .containsEntry("modelName", "NVIDIA GH200 96GB HBM3")
        .containsEntry("dra_claim_name", "single-gpu")
        .containsEntry("dra_driver_name", "gpu.nvidia.com")
        .containsEntry("pod", "pod1");
    assertThat(sink.samples.get(1).labels()).containsEntry("pod", "pod2");
    assertThat(sink.samples.get(0).value()).isEqualTo(23792.0);
  }

  @Test
  void reusesOneParserAcrossPagesWithoutLeakingLabels() {
    PrometheusTextParser parser = new PrometheusTextParser();
    parser.parse("m{a=\"1\",b=\"2\"} 1\n", sink);
    parser.parse("m{c=\"3\"} 2\n", sink);

    assertThat(sink.samples.get(1).labels()).containsExactly(Map.entry("c", "3"));
  }

  @Test
  void formatFollowsTheContentType() {
    assertThat(ExpositionFormat.fromContentType("application/openmetrics-text; version=1.0.0"))
        .isEqualTo(ExpositionFormat.OPENMETRICS);
    assertThat(ExpositionFormat.fromContentType("text/plain; version=0.0.4"))
        .isEqualTo(ExpositionFormat.PROMETHEUS_TEXT);
    assertThat(ExpositionFormat.fromContentType(null)).isEqualTo(ExpositionFormat.PROMETHEUS_TEXT);
  }
}
