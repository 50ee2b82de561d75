package io.strata.correlator.core.request;

import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;

/**
 * HdrHistogram in the one shape the correlator uses: microseconds, two significant digits (1% value
 * error), auto-resizing so a window only pays for the range it saw. Stored in HdrHistogram's V2
 * encoding (ZigZag LEB128 counts, runs of zeros collapsed): a few hundred bytes for a latency
 * distribution, without the Deflater pass of the "compressed" form, which dominated the cost of
 * every window update (each request updates size/advance overlapping windows).
 */
public final class LatencyHistograms {

  private static final int SIGNIFICANT_DIGITS = 2;

  private LatencyHistograms() {}

  public static Histogram create() {
    Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
    histogram.setAutoResize(true);
    return histogram;
  }

  public static void recordMillis(Histogram histogram, double millis) {
    histogram.recordValue(Math.max(0L, Math.round(millis * 1000.0)));
  }

  /** The value at a percentile in milliseconds; zero for an empty histogram. */
  public static double percentileMillis(Histogram histogram, double percentile) {
    if (histogram.getTotalCount() == 0) {
      return 0.0;
    }
    return histogram.getValueAtPercentile(percentile) / 1000.0;
  }

  public static byte[] encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return bytes;
  }

  public static Histogram decode(byte[] bytes) {
    try {
      Histogram histogram = Histogram.decodeFromByteBuffer(ByteBuffer.wrap(bytes), 0);
      histogram.setAutoResize(true);
      return histogram;
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
    }
  }
}
