package io.strata.deviceingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.testing.DcgmPageWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The byte-level parser reads every page exactly as the String-based parser it replaced ({@link
 * LegacyTextParser}): the same samples (line, name, labels in order, value, timestamp), the same
 * rejected lines with the same reasons and the same summary, on the reference pages, on the edge
 * cases of the exposition format and on thousands of generated and mutated pages. One pair of
 * parsers reads every page in turn, as a target's parser does, so the byte parser's label-set cache
 * (prediction, table, eviction) carries over between pages.
 */
class ParserDifferentialTest {

  private static final Path EXAMPLES = Path.of("src/test/resources/reference/examples");
  private static final String ALPHABET = "{}\",=\\ \t\n\r#:_aZ09.+-eEInfNa\u00e9\u4e2d\u0000";
  private static final int MUTATED_PAGES = 3_000;
  private static final int GARBAGE_PAGES = 3_000;

  /** The format's edge cases, each a page of its own and all of them in one page. */
  static final List<String> EDGE_CASES =
      List.of(
          "m{a=\"x\\\\y\",b=\"q\\\"uote\",c=\"new\\nline\",d=\"odd\\tescape\"} 1\n",
          "m{} 1\nm 2\nm{a=\"\"} 3\n m{ a = \"1\" , } 4\n",
          "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",device=\"nvidia0\"} 40\n",
          "# HELP m help text\n# TYPE m gauge\n# TYPE m nonsense\n# a comment\n#\n# HELP\n",
          "\n\n   \n\t\nm 1\n\n",
          "m{a=\"1\"} 1\r\nm{a=\"2\"} 2\r\n\r\nm 3\r",
          "m{a=\"1\"} 1 1700000000000\nm 2 -1e3\nm 3 x\nm 4 5 6\nm NaN\nm +Inf\nm -Inf\nm nan 1\n",
          "m{a=\"1\",b=\"2\"} 1\nm{a=\"1\",b=\"2",
          "m{a=\"1\"} 1\nm{a=\"1\"",
          "m{a=\"}\"} 1\nm{a=\"}\"} 2\nm{a=\"}\",b=\"x\"} 3\n",
          "m{a=\"\u00e9\u4e2d\",b=\"\\\u00e9\"} 1\nm{\u00e9=\"1\"} 1\n\u00e9 1\n",
          "m{a=1} 1\nm{a} 1\nm{=\"1\"} 1\nm{a=\"1\"b=\"2\"} 1\nm{a=\"1\" 1\n{a=\"1\"} 1\n",
          "m 1 # {trace_id=\"abc\"} 2.0\n# EOF\nm 2\n",
          "m\u00001\nm\r1\nm \r1\nm 1\r2\n1m 1\n:m 1\nm:x_1 1\n",
          "m 1e400\nm 0x10\nm 1d\nm 00012.5000\nm .5\nm 5.\nm +.5e-3\nm 1 1e400\n");

  private final LegacyTextParser legacy = new LegacyTextParser();
  private final LegacyTextParser legacyOpenMetrics =
      new LegacyTextParser(ExpositionFormat.OPENMETRICS);
  private final PrometheusTextParser bytes = new PrometheusTextParser();
  private final PrometheusTextParser bytesOpenMetrics =
      new PrometheusTextParser(ExpositionFormat.OPENMETRICS);

  @Test
  void referencePagesReadIdentically() throws IOException {
    List<Path> pages;
    try (Stream<Path> files = Files.list(EXAMPLES)) {
      pages = files.filter(p -> p.toString().endsWith(".prom")).sorted().toList();
    }
    assertThat(pages).isNotEmpty();
    for (Path page : pages) {
      String text = Files.readString(page);
      int samples = assertSame(text);
      assertThat(samples).as(page.toString()).isPositive();
    }
  }

  @Test
  void edgeCasesReadIdentically() {
    for (String page : EDGE_CASES) {
      assertSame(page);
    }
    assertSame(String.join("", EDGE_CASES));
    assertSame(String.join("", EDGE_CASES).replace("\n", "\r\n"));
  }

  @Test
  void generatedPagesAndTheirMutationsReadIdentically() {
    String page = DcgmPageWriter.eightGpuPage();
    assertThat(assertSame(page)).isEqualTo(200);
    SplittableRandom random = new SplittableRandom(24);
    for (int i = 0; i < MUTATED_PAGES; i++) {
      // Most pages are the unchanged page again (the cache's prediction hits), some are mutated.
      assertSame(random.nextInt(3) == 0 ? page : mutate(page, random));
    }
    for (int i = 0; i < GARBAGE_PAGES; i++) {
      assertSame(garbage(random));
    }
  }

  /** Both parsers, both formats; returns the number of samples. */
  private int assertSame(String page) {
    Result expected = read(legacy, null, page);
    Result actual = read(null, bytes, page);
    assertThat(actual).as(page).isEqualTo(expected);
    Result expectedOpenMetrics = read(legacyOpenMetrics, null, page);
    Result actualOpenMetrics = read(null, bytesOpenMetrics, page);
    assertThat(actualOpenMetrics).as(page).isEqualTo(expectedOpenMetrics);
    return expected.summary().samples();
  }

  private record Result(
      ParseSummary summary,
      List<CollectingSink.Sample> samples,
      List<CollectingSink.Error> errors) {}

  private static Result read(LegacyTextParser old, PrometheusTextParser current, String page) {
    CollectingSink sink = new CollectingSink();
    ParseSummary summary = old != null ? old.parse(page, sink) : current.parse(page, sink);
    return new Result(summary, sink.samples, sink.errors);
  }

  private static String mutate(String page, SplittableRandom random) {
    StringBuilder text = new StringBuilder(page);
    for (int i = random.nextInt(1, 20); i > 0 && text.length() > 0; i--) {
      int at = random.nextInt(text.length());
      switch (random.nextInt(5)) {
        case 0 -> text.deleteCharAt(at);
        case 1 -> text.insert(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        case 2 -> text.setCharAt(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        case 3 -> text.insert(at, text.substring(at, Math.min(text.length(), at + 40)));
        default -> text.setLength(at);
      }
    }
    return text.toString();
  }

  private static String garbage(SplittableRandom random) {
    List<String> pieces =
        new ArrayList<>(List.of("m", "{", "}", "a=\"", "\"", ",", " ", "1", "\n", "\\", "# "));
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(0, 200); i > 0; i--) {
      text.append(
          random.nextInt(4) == 0
              ? String.valueOf(ALPHABET.charAt(random.nextInt(ALPHABET.length())))
              : pieces.get(random.nextInt(pieces.size())));
    }
    return text.toString();
  }
}
