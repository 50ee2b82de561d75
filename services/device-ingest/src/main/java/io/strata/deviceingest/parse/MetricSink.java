package io.strata.deviceingest.parse;

/** Receives what the parser reads, line by line. */
public interface MetricSink {

  /** A sample line; {@code line} is reused after this returns. */
  void sample(MetricLine line);

  /** A line that could not be read; parsing goes on with the next line. */
  void malformed(int lineNumber, ParseErrorReason reason);

  /**
   * A HELP line: the metric family's name and its text as written (escapes not decoded). Before the
   * family's samples on an exporter's page; ignored unless a sink needs it.
   */
  default void help(String metricName, String text) {}
}
