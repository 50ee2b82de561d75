package io.strata.deviceingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NumberParserTest {

  private final NumberParser parser = new NumberParser();

  private boolean parses(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return parser.parse(bytes, 0, bytes.length);
  }

  @Test
  void fastPathAgreesWithTheJdkOnRandomDecimals() {
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < 20_000; i++) {
      String text =
          switch (i % 4) {
            case 0 -> Long.toString(random.nextLong(-1_000_000_000_000L, 1_000_000_000_000L));
            case 1 -> Double.toString(random.nextDouble() * 1000);
            case 2 -> String.format("%.3f", random.nextDouble(-1e6, 1e6));
            default -> random.nextInt(1, 99999) + "e" + random.nextInt(-30, 30);
          };
      assertThat(parses(text)).as(text).isTrue();
      assertThat(parser.result()).as(text).isEqualTo(Double.parseDouble(text));
    }
  }

  @Test
  void acceptsGoStyleSpecialsAndRejectsJavaOnlyForms() {
    for (String special : new String[] {"NaN", "nan", "+Inf", "-inf", "Inf", "+Infinity"}) {
      assertThat(parses(special)).as(special).isTrue();
    }
    for (String bad : new String[] {"1d", "2f", "0x10", "1e", ".", "-", "+", "1.2.3", "e5", ""}) {
      assertThat(parses(bad)).as(bad).isFalse();
    }
  }

  @Test
  void longExponentsFallBackCorrectly() {
    String text = "1e0000001";
    assertThat(parses(text)).isTrue();
    assertThat(parser.result()).isEqualTo(10.0);
  }
}
