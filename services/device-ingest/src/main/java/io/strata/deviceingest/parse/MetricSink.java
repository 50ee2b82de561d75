package io.strata.deviceingest.parse;

/** Receives what the parser reads, line by line. */
public interface MetricSink {

  /** A sample line; {@code line} is reused after this returns. */
  void sample(MetricLine line);

  /** A line that could not be read; parsing goes on with the next line. */
  void malformed(int lineNumber, ParseErrorReason reason);
}
