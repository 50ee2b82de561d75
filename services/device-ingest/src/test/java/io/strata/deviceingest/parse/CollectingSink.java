package io.strata.deviceingest.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Copies every line the parser reports, for assertions. */
final class CollectingSink implements MetricSink {

  record Sample(
      int line, String name, Map<String, String> labels, double value, Double timestamp) {}

  record Error(int line, ParseErrorReason reason) {}

  final List<Sample> samples = new ArrayList<>();
  final List<Error> errors = new ArrayList<>();

  @Override
  public void sample(MetricLine line) {
    Map<String, String> labels = new LinkedHashMap<>();
    for (int i = 0; i < line.labelCount(); i++) {
      labels.put(line.labelName(i), line.labelValue(i));
    }
    samples.add(
        new Sample(
            line.lineNumber(),
            line.name(),
            labels,
            line.value(),
            line.hasTimestamp() ? line.timestamp() : null));
  }

  @Override
  public void malformed(int lineNumber, ParseErrorReason reason) {
    errors.add(new Error(lineNumber, reason));
  }
}
