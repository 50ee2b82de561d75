package io.strata.traceingest.stages;

import io.opentelemetry.proto.common.v1.AnyValue;
import java.math.BigDecimal;
import java.util.Locale;

/** How a server writes a duration into a span attribute. */
public enum DurationUnit {
  /** A number of seconds, usually a float (vLLM's {@code gen_ai.latency.*}). */
  SECONDS(1_000_000_000L),
  MILLISECONDS(1_000_000L),
  MICROSECONDS(1_000L),
  NANOSECONDS(1L),
  /**
   * Rust's {@code Debug} text of a {@code std::time::Duration}: a decimal number and one of {@code
   * s}, {@code ms}, {@code µs} (or {@code us}), {@code ns}, for example {@code 1.204785ms}. TGI
   * records its timings this way ({@code span.record("queue_time", format!("{queue_time:?}"))}).
   */
  RUST_DEBUG(0);

  private final long nanosPerUnit;

  DurationUnit(long nanosPerUnit) {
    this.nanosPerUnit = nanosPerUnit;
  }

  /** The value in nanoseconds, or null when it is no non-negative, finite duration. */
  public Long nanos(AnyValue value) {
    if (this == RUST_DEBUG) {
      return value.getValueCase() == AnyValue.ValueCase.STRING_VALUE
          ? rustDebug(value.getStringValue())
          : null;
    }
    double number;
    switch (value.getValueCase()) {
      case DOUBLE_VALUE -> number = value.getDoubleValue();
      case INT_VALUE -> number = value.getIntValue();
      case STRING_VALUE -> {
        try {
          number = Double.parseDouble(value.getStringValue().trim());
        } catch (NumberFormatException e) {
          return null;
        }
      }
      default -> {
        return null;
      }
    }
    return scaled(number, nanosPerUnit);
  }

  static Long rustDebug(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit;
    String digits;
    if (t.endsWith("ns")) {
      unit = 1L;
      digits = t.substring(0, t.length() - 2);
    } else if (t.endsWith("\u00b5s") || t.endsWith("\u03bcs") || t.endsWith("us")) {
      unit = 1_000L;
      digits = t.substring(0, t.length() - 2);
    } else if (t.endsWith("ms")) {
      unit = 1_000_000L;
      digits = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      unit = 1_000_000_000L;
      digits = t.substring(0, t.length() - 1);
    } else {
      return null;
    }
    try {
      // BigDecimal: Rust prints up to nine fractional digits, exact in nanoseconds.
      BigDecimal number = new BigDecimal(digits);
      if (number.signum() < 0) {
        return null;
      }
      return number
          .multiply(BigDecimal.valueOf(unit))
          .setScale(0, java.math.RoundingMode.HALF_UP)
          .longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      return null;
    }
  }

  private static Long scaled(double number, long nanosPerUnit) {
    if (!Double.isFinite(number) || number < 0) {
      return null;
    }
    double nanos = number * nanosPerUnit;
    return nanos >= Long.MAX_VALUE ? null : Math.round(nanos);
  }
}
