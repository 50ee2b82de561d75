package io.strata.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonFuzzTest {

  private static final byte[] SEED =
      "{\"id\":\"a\",\"scope\":{\"nodes\":[\"n1\",\"n2\"]},\"n\":3}"
          .getBytes(StandardCharsets.UTF_8);

  @Test
  void aReplacedValueKeepsEverythingAroundIt() {
    Random random = new Random(1);
    for (int i = 0; i < 200; i++) {
      String mutated = new String(JsonFuzz.replaceAValue(SEED, random), StandardCharsets.UTF_8);
      assertThat(mutated).startsWith("{\"").endsWith("}");
      boolean oneReplaced = false;
      for (String value : JsonFuzz.VALUES) {
        oneReplaced |=
            mutated.equals("{\"id\":" + value + ",\"scope\":{\"nodes\":[\"n1\",\"n2\"]},\"n\":3}")
                || mutated.equals("{\"id\":\"a\",\"scope\":" + value + ",\"n\":3}")
                || mutated.equals("{\"id\":\"a\",\"scope\":{\"nodes\":" + value + "},\"n\":3}")
                || mutated.equals(
                    "{\"id\":\"a\",\"scope\":{\"nodes\":[\"n1\",\"n2\"]},\"n\":" + value + "}");
      }
      assertThat(oneReplaced).as(mutated).isTrue();
    }
  }

  @Test
  void byteMutationsNeverGrowTheSeed() {
    Random random = new Random(2);
    for (int i = 0; i < 200; i++) {
      byte[] mutated = JsonFuzz.mutateBytes(SEED, random);
      assertThat(mutated.length).isLessThanOrEqualTo(SEED.length);
    }
    assertThat(JsonFuzz.randomBytes(random).length).isLessThan(64);
  }
}
