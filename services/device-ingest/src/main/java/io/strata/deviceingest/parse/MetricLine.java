package io.strata.deviceingest.parse;

/**
 * One parsed sample line. The parser reuses a single instance for every line of a page, so a sink
 * must copy what it keeps before returning.
 */
public final class MetricLine {

  static final int MAX_LABELS = 64;

  final String[] labelNames = new String[MAX_LABELS];
  final String[] labelValues = new String[MAX_LABELS];
  String name;
  int labelCount;
  double value;
  boolean valueIsDecimal;
  long valueDigits;
  int valuePower;
  boolean hasTimestamp;
  double timestamp;
  int lineNumber;
  LabelSetCache.Entry labelSet;

  public String name() {
    return name;
  }

  public int labelCount() {
    return labelCount;
  }

  public String labelName(int index) {
    return labelNames[index];
  }

  public String labelValue(int index) {
    return labelValues[index];
  }

  /** The value of the first label with this name, or null. */
  public String label(String labelName) {
    for (int i = 0; i < labelCount; i++) {
      if (labelNames[i].equals(labelName)) {
        return labelValues[i];
      }
    }
    return null;
  }

  /**
   * What a sink noted on this line's label set the last time it saw it (null if nothing): the
   * parser keeps a target's label sets from scrape to scrape, so a sink can work out what it needs
   * from a set's labels once (a GPU's identity, say) instead of on every line. The note must depend
   * on the labels alone.
   */
  public Object labelSetNote() {
    return labelSet == null ? null : labelSet.note;
  }

  /** Notes something on this line's label set (ignored for a line without one). */
  public void noteOnLabelSet(Object note) {
    if (labelSet != null) {
      labelSet.note = note;
    }
  }

  public double value() {
    return value;
  }

  /**
   * The value × 10^{@code exponent} (|exponent| <= 22), rounded once from the decimal the page
   * wrote: exact whenever the value was written with at most 15 significant digits (the parser's
   * exact path), so "0.29" × 10^2 is 29.0, where 0.29 * 100 is 28.999999999999996. Other values
   * (more digits, NaN, infinities) are multiplied as doubles: at most one rounding more.
   */
  public double valueTimesPowerOfTen(int exponent) {
    int power = valuePower + exponent;
    if (valueIsDecimal && power >= -22 && power <= 22) {
      double digits = valueDigits;
      double magnitude =
          power >= 0
              ? digits * NumberParser.powerOfTen(power)
              : digits / NumberParser.powerOfTen(-power);
      return Math.copySign(magnitude, value);
    }
    return exponent >= 0
        ? value * NumberParser.powerOfTen(exponent)
        : value / NumberParser.powerOfTen(-exponent);
  }

  public boolean hasTimestamp() {
    return hasTimestamp;
  }

  /** The optional timestamp as written: milliseconds in Prometheus text, seconds in OpenMetrics. */
  public double timestamp() {
    return timestamp;
  }

  /** 1-based line number in the page. */
  public int lineNumber() {
    return lineNumber;
  }
}
