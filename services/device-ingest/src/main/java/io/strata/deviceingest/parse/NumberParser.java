package io.strata.deviceingest.parse;

import java.nio.charset.StandardCharsets;

/**
 * Reads a sample value or timestamp straight from the page bytes as Go's ParseFloat would for the
 * exposition formats: decimal and scientific notation, NaN and (+/-)Inf in any case. Plain decimals
 * with at most 15 significant digits (trailing zeros aside) and a small exponent take an exact fast
 * path (the product or quotient of two exactly representable doubles is correctly rounded);
 * everything else is validated, then handed to {@link Double#parseDouble}. Hexadecimal floats and
 * Java's type suffixes ({@code 1d}, {@code 2f}) are rejected.
 */
final class NumberParser {

  private static final double[] POWERS_OF_TEN = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22
  };
  private static final long MAX_EXACT_MANTISSA = 1L << 53;
  private static final int MAX_EXPONENT_DIGITS = 6;

  private double result;
  private boolean decimal;
  private long decimalDigits;
  private int decimalPower;

  double result() {
    return result;
  }

  /**
   * Whether the last result was read exactly from a decimal of at most 15-16 significant digits:
   * then its magnitude is the correctly rounded value of {@link #decimalDigits()} × 10^{@link
   * #decimalPower()}, and that decimal can be rescaled by a power of ten exactly.
   */
  boolean decimal() {
    return decimal;
  }

  long decimalDigits() {
    return decimalDigits;
  }

  int decimalPower() {
    return decimalPower;
  }

  /** 10^power for |power| <= 22, exact in a double. */
  static double powerOfTen(int power) {
    return POWERS_OF_TEN[power];
  }

  /** Parses {@code text[start, end)}; returns false (leaving no result) when it is not a number. */
  boolean parse(byte[] text, int start, int end) {
    decimal = false;
    if (start >= end) {
      return false;
    }
    int pos = start;
    boolean negative = false;
    byte first = text[pos];
    if (first == '+' || first == '-') {
      negative = first == '-';
      pos++;
    }
    if (pos < end && isLetter(text[pos])) {
      return parseSpecial(text, pos, end, negative);
    }
    long mantissa = 0;
    int significant = 0;
    int digits = 0;
    int scale = 0;
    boolean overflow = false;
    while (pos < end && isDigit(text[pos])) {
      int d = text[pos++] - '0';
      digits++;
      if (significant < 18) {
        if (mantissa != 0 || d != 0) {
          significant++;
        }
        mantissa = mantissa * 10 + d;
      } else {
        // Digits past 18 are dropped: only a non-zero one makes the fast path inexact.
        overflow |= d != 0;
        scale++;
      }
    }
    if (pos < end && text[pos] == '.') {
      pos++;
      while (pos < end && isDigit(text[pos])) {
        int d = text[pos++] - '0';
        digits++;
        if (significant < 18) {
          if (mantissa != 0 || d != 0) {
            significant++;
          }
          mantissa = mantissa * 10 + d;
          scale--;
        } else {
          overflow |= d != 0;
        }
      }
    }
    if (digits == 0) {
      return false;
    }
    int exponent = 0;
    if (pos < end && (text[pos] == 'e' || text[pos] == 'E')) {
      pos++;
      boolean negativeExponent = false;
      if (pos < end && (text[pos] == '+' || text[pos] == '-')) {
        negativeExponent = text[pos] == '-';
        pos++;
      }
      int exponentDigits = 0;
      while (pos < end && isDigit(text[pos])) {
        if (exponentDigits < MAX_EXPONENT_DIGITS) {
          exponent = exponent * 10 + (text[pos] - '0');
        }
        exponentDigits++;
        pos++;
      }
      if (exponentDigits == 0) {
        return false;
      }
      if (exponentDigits > MAX_EXPONENT_DIGITS) {
        overflow = true;
      }
      if (negativeExponent) {
        exponent = -exponent;
      }
    }
    if (pos != end) {
      return false;
    }
    int power = scale + exponent;
    // Trailing zeros of a long integer ("49099410918293700") belong in the power, not the digits.
    while (!overflow && mantissa >= MAX_EXACT_MANTISSA && mantissa % 10 == 0) {
      mantissa /= 10;
      power++;
    }
    if (!overflow && mantissa < MAX_EXACT_MANTISSA && Math.abs(power) <= 22) {
      double value = mantissa;
      value = power >= 0 ? value * POWERS_OF_TEN[power] : value / POWERS_OF_TEN[-power];
      result = negative ? -value : value;
      decimal = true;
      decimalDigits = mantissa;
      decimalPower = power;
      return true;
    }
    // Validated above: only digits, one dot and an exponent remain, which parseDouble reads
    // exactly.
    result = Double.parseDouble(new String(text, start, end - start, StandardCharsets.ISO_8859_1));
    return true;
  }

  private boolean parseSpecial(byte[] text, int pos, int end, boolean negative) {
    int length = end - pos;
    if (length == 3 && matchesIgnoringCase(text, pos, "nan")) {
      result = Double.NaN;
      return true;
    }
    if ((length == 3 && matchesIgnoringCase(text, pos, "inf"))
        || (length == 8 && matchesIgnoringCase(text, pos, "infinity"))) {
      result = negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      return true;
    }
    return false;
  }

  /** ASCII case folding only, as Go's ParseFloat compares its special words. */
  private static boolean matchesIgnoringCase(byte[] text, int pos, String lowerWord) {
    for (int i = 0; i < lowerWord.length(); i++) {
      if ((text[pos + i] | 0x20) != lowerWord.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isLetter(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}
