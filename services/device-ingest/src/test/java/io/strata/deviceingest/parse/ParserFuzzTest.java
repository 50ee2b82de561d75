package io.strata.deviceingest.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.strata.deviceingest.parse.CollectingSink.Sample;
import io.strata.deviceingest.testing.DcgmPageWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bounded, seeded fuzzing (jqwik's engine does not run on this JUnit 6 platform, so the generator
 * is written here): garbage and mutated pages must never throw or hang, and random valid lines must
 * read back exactly as written.
 */
class ParserFuzzTest {

  private static final int GARBAGE_INPUTS = 6_000;
  private static final int MUTATED_PAGES = 4_000;
  private static final int ROUND_TRIPS = 5_000;
  private static final String ALPHABET = "{}\",=\\ \t\n\r#:_aZ09.+-eEInfNa\u00e9\u4e2d\u0000";

  @Test
  void garbageAndMutatedPagesNeverThrowOrHang() {
    String page = DcgmPageWriter.eightGpuPage();
    assertTimeoutPreemptively(
        Duration.ofSeconds(90),
        () -> {
          SplittableRandom random = new SplittableRandom(20261130L);
          for (int i = 0; i < GARBAGE_INPUTS; i++) {
            checkInvariants(garbage(random));
          }
          for (int i = 0; i < MUTATED_PAGES; i++) {
            checkInvariants(mutate(page, random));
          }
        });
  }

  @Test
  void randomValidLinesReadBackExactly() {
    SplittableRandom random = new SplittableRandom(7L);
    PrometheusTextParser parser = new PrometheusTextParser();
    for (int i = 0; i < ROUND_TRIPS; i++) {
      String name = name(random, true);
      Map<String, String> labels = new LinkedHashMap<>();
      int count = random.nextInt(0, 12);
      for (int l = 0; l < count; l++) {
        labels.put(name(random, false) + l, value(random));
      }
      double value = random.nextInt(4) == 0 ? random.nextInt(-5, 5) : random.nextDouble() * 1e6;
      StringBuilder line = new StringBuilder(name);
      if (!labels.isEmpty() || random.nextBoolean()) {
        line.append('{');
        labels.forEach((k, v) -> line.append(k).append("=\"").append(escape(v)).append("\","));
        line.append('}');
      }
      line.append(' ').append(value);
      Long timestamp = random.nextBoolean() ? random.nextLong(0, 4_000_000_000_000L) : null;
      if (timestamp != null) {
        line.append(' ').append(timestamp);
      }
      CollectingSink sink = new CollectingSink();
      parser.parse(line.toString(), sink);

      assertThat(sink.errors).as(line.toString()).isEmpty();
      assertThat(sink.samples)
          .as(line.toString())
          .containsExactly(
              new Sample(
                  1, name, labels, value, timestamp == null ? null : timestamp.doubleValue()));
    }
  }

  private static void checkInvariants(String input) {
    CollectingSink sink = new CollectingSink();
    ParseSummary summary = new PrometheusTextParser().parse(input, sink);
    assertThat(summary.samples()).isEqualTo(sink.samples.size());
    assertThat(summary.malformed()).isEqualTo(sink.errors.size());
    assertThat(summary.samples() + summary.malformed()).isLessThanOrEqualTo(summary.lines());
    for (Sample sample : sink.samples) {
      assertThat(sample.name()).matches("[a-zA-Z_:][a-zA-Z0-9_:]*");
      assertThat(sample.line()).isBetween(1, summary.lines());
    }
  }

  private static String garbage(SplittableRandom random) {
    int length = random.nextInt(0, 400);
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      text.append(
          random.nextInt(5) == 0
              ? (char) random.nextInt(0, 0xD800)
              : ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return text.toString();
  }

  private static String mutate(String page, SplittableRandom random) {
    StringBuilder text = new StringBuilder(page);
    int edits = random.nextInt(1, 20);
    for (int i = 0; i < edits && text.length() > 0; i++) {
      int at = random.nextInt(text.length());
      switch (random.nextInt(4)) {
        case 0 -> text.deleteCharAt(at);
        case 1 -> text.insert(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        case 2 -> text.setCharAt(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        default -> text.setLength(at);
      }
    }
    return text.toString();
  }

  private static String name(SplittableRandom random, boolean metric) {
    String first = metric ? "abcXYZ_:" : "abcXYZ_";
    String rest = first + "0123456789";
    StringBuilder name = new StringBuilder().append(first.charAt(random.nextInt(first.length())));
    int length = random.nextInt(0, 30);
    for (int i = 0; i < length; i++) {
      name.append(rest.charAt(random.nextInt(rest.length())));
    }
    return name.toString();
  }

  private static String value(SplittableRandom random) {
    String chars = "ab \"\\\n,={}#\u00e9\u4e2d-.:0";
    StringBuilder value = new StringBuilder();
    int length = random.nextInt(0, 40);
    for (int i = 0; i < length; i++) {
      value.append(chars.charAt(random.nextInt(chars.length())));
    }
    return value.toString();
  }

  private static String escape(String value) {
    return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }
}
