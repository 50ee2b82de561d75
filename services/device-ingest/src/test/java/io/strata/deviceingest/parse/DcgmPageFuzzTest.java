package io.strata.deviceingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.assemble.PageAssembler;
import io.strata.deviceingest.assemble.ScrapedPage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing the DCGM page ingress (issue 16): 10,000 mutated copies of a real exporter page per kind
 * of mutation, from a fixed seed. No input makes the parser or the page assembler throw, every
 * rejected line carries a reason, and the sample lines a mutation did not touch are still read.
 */
class DcgmPageFuzzTest {

  static final int PAGES = 10_000;
  private static final Path REAL_PAGE =
      Path.of(
          "src/test/resources/reference/examples/"
              + "kubernetes-website_KubeletPodResourcesDynamicResources_dra_metrics.prom");

  /** What breaks exposition lines: structure characters, escapes, numbers' letters, unicode. */
  private static final char[] NASTY =
      "{}\"\\=, \t#\r.eE+-0123456789NaInf_:\u00e9\u2028\u0000".toCharArray();

  static String page;
  static List<String> lines;
  static Set<Integer> sampleLines;

  /** Records what the parser hands over; fails on a rejection without a reason. */
  static final class Recorder implements MetricSink {
    final Set<Integer> samples = new HashSet<>();
    int malformed;

    @Override
    public void sample(MetricLine line) {
      samples.add(line.lineNumber());
    }

    @Override
    public void malformed(int lineNumber, ParseErrorReason reason) {
      assertThat(reason).as("line " + lineNumber + " rejected without a reason").isNotNull();
      malformed++;
    }
  }

  @BeforeAll
  static void readTheRealPage() throws IOException {
    page = Files.readString(REAL_PAGE);
    lines = Arrays.asList(page.split("\n", -1));
    Recorder original = new Recorder();
    new PrometheusTextParser().parse(page, original);
    sampleLines = original.samples;
    assertThat(original.malformed).isZero();
    assertThat(sampleLines).isNotEmpty();
  }

  @Test
  void mutatedLinesAreRejectedWithAReasonAndTheOthersStillParse() {
    Random random = new Random(16);
    PrometheusTextParser parser = new PrometheusTextParser();
    int rejected = 0;
    int kept = 0;
    for (int i = 0; i < PAGES; i++) {
      List<String> mutated = new ArrayList<>(lines);
      Set<Integer> touched = new HashSet<>();
      for (int k = 1 + random.nextInt(5); k > 0; k--) {
        int index = random.nextInt(mutated.size());
        mutated.set(index, mutateLine(mutated.get(index), random));
        touched.add(index + 1);
      }
      Recorder recorder = new Recorder();
      ParseSummary summary = parser.parse(String.join("\n", mutated), recorder);
      assertThat(summary.samples() + summary.malformed()).isLessThanOrEqualTo(summary.lines());
      Set<Integer> untouched = new HashSet<>(sampleLines);
      untouched.removeAll(touched);
      assertThat(recorder.samples).as("page " + i + ": untouched samples").containsAll(untouched);
      rejected += recorder.malformed;
      kept += untouched.size();
    }
    System.out.printf(
        "DCGM line fuzz: %d pages, %d lines rejected with a reason, %d untouched samples all read%n",
        PAGES, rejected, kept);
  }

  @Test
  void arbitraryEditsOfTheWholePageNeverThrow() {
    Random random = new Random(1616);
    PrometheusTextParser text = new PrometheusTextParser();
    PrometheusTextParser openMetrics = new PrometheusTextParser(ExpositionFormat.OPENMETRICS);
    int readings = 0;
    for (int i = 0; i < PAGES; i++) {
      StringBuilder body = new StringBuilder(page);
      for (int k = 1 + random.nextInt(20); k > 0 && body.length() > 0; k--) {
        int at = random.nextInt(body.length());
        switch (random.nextInt(4)) {
          case 0 -> body.insert(at, NASTY[random.nextInt(NASTY.length)]);
          case 1 -> body.deleteCharAt(at);
          case 2 -> body.setLength(at);
          default -> body.insert(at, '\n');
        }
      }
      String mutated = body.toString();
      Recorder recorder = new Recorder();
      (i % 2 == 0 ? text : openMetrics).parse(mutated, recorder);
      ScrapedPage assembled = PageAssembler.assemble(text, mutated, 20);
      assertThat(assembled.lineErrors().values()).doesNotContainNull();
      readings += assembled.gpus().size();
    }
    System.out.printf(
        "DCGM page fuzz: %d pages edited anywhere, no exception, %d GPU readings assembled%n",
        PAGES, readings);
  }

  private static String mutateLine(String line, Random random) {
    StringBuilder out = new StringBuilder(line);
    for (int k = 1 + random.nextInt(3); k > 0; k--) {
      int at = out.length() == 0 ? 0 : random.nextInt(out.length());
      switch (random.nextInt(4)) {
        case 0 -> out.insert(at, NASTY[random.nextInt(NASTY.length)]);
        case 1 -> {
          if (out.length() > 0) {
            out.deleteCharAt(at);
          }
        }
        case 2 -> out.setLength(at);
        default -> out.insert(at, out.substring(at, Math.min(out.length(), at + 8)));
      }
    }
    return out.toString();
  }
}
