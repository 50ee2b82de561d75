package io.strata.deviceingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A value rescaled by a power of ten from the decimal the page wrote reads back to the very double
 * the same quantity gives written in the other unit: the guarantee the DCGM unit conversions rest
 * on (percent 29 ↔ ratio 0.29, MHz 1410 ↔ Hz 1410000000, mJ ↔ J).
 */
class ValueScalingTest {

  private static final int DECIMALS = 20_000;

  /** The line's value × 10^exponent, as the sink sees it. */
  private static double scaled(String value, int exponent) {
    double[] result = new double[1];
    new PrometheusTextParser()
        .parse(
            "m " + value + "\n",
            new MetricSink() {
              @Override
              public void sample(MetricLine line) {
                result[0] = line.valueTimesPowerOfTen(exponent);
              }

              @Override
              public void malformed(int lineNumber, ParseErrorReason reason) {
                throw new AssertionError(reason);
              }
            });
    return result[0];
  }

  @Test
  void aRatioReadsBackAsThePercentItWas() {
    // The naive product is off by one unit in the last place: why the decimal is rescaled instead.
    assertThat(0.29 * 100).isNotEqualTo(29.0);
    assertThat(scaled("0.29", 2)).isEqualTo(29.0);
    assertThat(scaled("0.57", 2)).isEqualTo(57.0);
    assertThat(scaled("0.375", 2)).isEqualTo(37.5);
    assertThat(scaled("1410000000", -6)).isEqualTo(1410.0);
    assertThat(scaled("9876543.21", 3)).isEqualTo(9876543210.0);
    assertThat(scaled("-0.5", 2)).isEqualTo(-50.0);
    assertThat(Double.doubleToRawLongBits(scaled("-0", 2)))
        .isEqualTo(Double.doubleToRawLongBits(-0.0));
  }

  @Test
  void everyDecimalOfAtMostFifteenDigitsRoundTripsThroughAShift() {
    Random random = new Random(20261207);
    int[] shifts = {2, 3, 6, -6, -3};
    for (int i = 0; i < DECIMALS; i++) {
      int digits = 1 + random.nextInt(15);
      long mantissa = (long) (random.nextDouble() * Math.pow(10, digits));
      BigDecimal canonical = BigDecimal.valueOf(mantissa, random.nextInt(9) - 2);
      int shift = shifts[random.nextInt(shifts.length)];
      String written = canonical.movePointLeft(shift).stripTrailingZeros().toPlainString();

      assertThat(scaled(written, shift))
          .as(written + " x 10^" + shift)
          .isEqualTo(Double.parseDouble(canonical.toPlainString()));
    }
  }

  @Test
  void valuesBeyondTheExactPathAreStillScaled() {
    assertThat(scaled("0.12345678901234567", 2)).isCloseTo(12.345678901234567, within());
    assertThat(scaled("1e30", -6)).isEqualTo(1e30 / 1e6);
    assertThat(scaled("NaN", 2)).isNaN();
    assertThat(scaled("+Inf", 2)).isEqualTo(Double.POSITIVE_INFINITY);
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-12);
  }
}
