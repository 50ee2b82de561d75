package io.strata.deviceingest.parse;

/**
 * The String-based parser device-ingest used before the byte-level {@link PrometheusTextParser}
 * (ADR 024), kept unchanged in the test sources as the oracle of {@code ParserDifferentialTest}:
 * the new parser must read every page exactly as this one did.
 *
 * <p>A hand-written, allocation-light reader of Prometheus text format 0.0.4 and OpenMetrics text
 * 1.0. It accepts HELP/TYPE/UNIT metadata, other comments, blank lines, CRLF line ends, a missing
 * final newline, escaped label values, optional timestamps, NaN and +/-Inf, and OpenMetrics
 * exemplars. A line it cannot read is reported to the sink with its number and reason and skipped;
 * no input makes it throw or loop.
 *
 * <p>Not thread-safe: one instance per scrape target, reused across scrapes so its string cache
 * keeps hitting (the same UUIDs and names come back every scrape).
 */
final class LegacyTextParser {

  private final LegacyStringCache strings = new LegacyStringCache(4096);
  private final LegacyLabelSetCache labelSets = new LegacyLabelSetCache(256);
  private final LegacyNumberParser numbers = new LegacyNumberParser();
  private final MetricLine line = new MetricLine();
  private final StringBuilder unescaped = new StringBuilder();
  private final ExpositionFormat format;
  private ParseErrorReason error;

  LegacyTextParser(ExpositionFormat format) {
    this.format = format;
  }

  LegacyTextParser() {
    this(ExpositionFormat.PROMETHEUS_TEXT);
  }

  ExpositionFormat format() {
    return format;
  }

  ParseSummary parse(String text, MetricSink sink) {
    int length = text.length();
    int pos = 0;
    int lineNumber = 0;
    int samples = 0;
    int malformed = 0;
    while (pos < length) {
      int newline = text.indexOf('\n', pos);
      int next = newline < 0 ? length : newline + 1;
      int end = newline < 0 ? length : newline;
      if (end > pos && text.charAt(end - 1) == '\r') {
        end--;
      }
      lineNumber++;
      error = null;
      LineKind kind = parseLine(text, pos, end);
      if (kind == LineKind.SAMPLE) {
        line.lineNumber = lineNumber;
        samples++;
        sink.sample(line);
      } else if (kind == LineKind.MALFORMED) {
        malformed++;
        sink.malformed(lineNumber, error);
      } else if (kind == LineKind.END_OF_FILE) {
        break;
      }
      pos = next;
    }
    return new ParseSummary(lineNumber, samples, malformed);
  }

  private enum LineKind {
    SAMPLE,
    SKIPPED,
    MALFORMED,
    END_OF_FILE
  }

  private LineKind parseLine(String text, int start, int end) {
    int pos = skipBlanks(text, start, end);
    if (pos == end) {
      return LineKind.SKIPPED;
    }
    if (text.charAt(pos) == '#') {
      return parseComment(text, pos + 1, end);
    }
    return parseSample(text, pos, end);
  }

  private LineKind parseComment(String text, int start, int end) {
    int pos = skipBlanks(text, start, end);
    int wordEnd = tokenEnd(text, pos, end);
    if (isWord(text, pos, wordEnd, "EOF") && format == ExpositionFormat.OPENMETRICS) {
      return LineKind.END_OF_FILE;
    }
    boolean help = isWord(text, pos, wordEnd, "HELP");
    boolean type = isWord(text, pos, wordEnd, "TYPE");
    boolean unit = isWord(text, pos, wordEnd, "UNIT");
    if (!help && !type && !unit) {
      return LineKind.SKIPPED;
    }
    if (wordEnd == pos || wordEnd == end || !isBlank(text.charAt(wordEnd))) {
      return malformed(ParseErrorReason.INVALID_METADATA);
    }
    int namePos = skipBlanks(text, wordEnd, end);
    int nameEnd = scanMetricName(text, namePos, end);
    if (nameEnd == namePos || (nameEnd < end && !isBlank(text.charAt(nameEnd)))) {
      return malformed(ParseErrorReason.INVALID_METADATA);
    }
    if (type) {
      int typePos = skipBlanks(text, nameEnd, end);
      int typeEnd = tokenEnd(text, typePos, end);
      if (!isMetricType(text, typePos, typeEnd) || skipBlanks(text, typeEnd, end) != end) {
        return malformed(ParseErrorReason.INVALID_METADATA);
      }
    }
    return LineKind.SKIPPED;
  }

  private LineKind parseSample(String text, int start, int end) {
    int nameEnd = scanMetricName(text, start, end);
    if (nameEnd == start) {
      return malformed(ParseErrorReason.INVALID_METRIC_NAME);
    }
    line.name = strings.get(text, start, nameEnd, LegacyStringCache.hash(text, start, nameEnd));
    line.labelCount = 0;
    int pos = skipBlanks(text, nameEnd, end);
    if (pos < end && text.charAt(pos) == '{') {
      int open = pos;
      int candidate = LegacyLabelSetCache.candidateEnd(text, open, end);
      int slot = candidate < 0 ? 0 : labelSets.slot(text, open, candidate);
      pos = candidate < 0 ? -1 : labelSets.lookup(text, open, candidate, slot, line);
      if (pos < 0) {
        pos = parseLabels(text, open + 1, end);
        if (pos < 0) {
          return LineKind.MALFORMED;
        }
        if (pos == candidate) {
          labelSets.store(text, open, pos, slot, line);
        }
      }
    } else if (pos == nameEnd && pos < end) {
      return malformed(ParseErrorReason.INVALID_METRIC_NAME);
    }
    pos = skipBlanks(text, pos, end);
    int valueEnd = tokenEnd(text, pos, end);
    if (valueEnd == pos) {
      return malformed(ParseErrorReason.MISSING_VALUE);
    }
    if (!numbers.parse(text, pos, valueEnd)) {
      return malformed(ParseErrorReason.INVALID_VALUE);
    }
    line.value = numbers.result();
    line.hasTimestamp = false;
    pos = skipBlanks(text, valueEnd, end);
    if (pos == end) {
      return LineKind.SAMPLE;
    }
    if (text.charAt(pos) != '#') {
      int timestampEnd = tokenEnd(text, pos, end);
      if (!numbers.parse(text, pos, timestampEnd) || !Double.isFinite(numbers.result())) {
        return malformed(ParseErrorReason.INVALID_TIMESTAMP);
      }
      line.hasTimestamp = true;
      line.timestamp = numbers.result();
      pos = skipBlanks(text, timestampEnd, end);
    }
    if (pos == end) {
      return LineKind.SAMPLE;
    }
    // An OpenMetrics exemplar ("# {trace_id=...} 1.0") follows; its content is not needed here.
    if (format == ExpositionFormat.OPENMETRICS && text.charAt(pos) == '#') {
      return LineKind.SAMPLE;
    }
    return malformed(ParseErrorReason.TRAILING_CHARACTERS);
  }

  /** Returns the position after the closing brace, or -1 with {@link #error} set. */
  private int parseLabels(String text, int start, int end) {
    int pos = skipBlanks(text, start, end);
    while (true) {
      if (pos == end) {
        return fail(ParseErrorReason.UNTERMINATED_LABEL_SET);
      }
      if (text.charAt(pos) == '}') {
        return pos + 1;
      }
      int nameEnd = scanLabelName(text, pos, end);
      if (nameEnd == pos) {
        return fail(ParseErrorReason.INVALID_LABEL_NAME);
      }
      if (line.labelCount == MetricLine.MAX_LABELS) {
        return fail(ParseErrorReason.TOO_MANY_LABELS);
      }
      String labelName =
          strings.get(text, pos, nameEnd, LegacyStringCache.hash(text, pos, nameEnd));
      pos = skipBlanks(text, nameEnd, end);
      if (pos == end || text.charAt(pos) != '=') {
        return fail(ParseErrorReason.MISSING_LABEL_EQUALS);
      }
      pos = skipBlanks(text, pos + 1, end);
      if (pos == end || text.charAt(pos) != '"') {
        return fail(ParseErrorReason.UNQUOTED_LABEL_VALUE);
      }
      pos = parseLabelValue(text, pos + 1, end);
      if (pos < 0) {
        return -1;
      }
      line.labelNames[line.labelCount++] = labelName;
      pos = skipBlanks(text, pos, end);
      if (pos < end && text.charAt(pos) == ',') {
        pos = skipBlanks(text, pos + 1, end);
      } else if (pos < end && text.charAt(pos) != '}') {
        return fail(ParseErrorReason.UNTERMINATED_LABEL_SET);
      }
    }
  }

  /** Reads a quoted value (opening quote consumed) into the next label slot. */
  private int parseLabelValue(String text, int start, int end) {
    for (int pos = start; pos < end; pos++) {
      char c = text.charAt(pos);
      if (c == '"') {
        line.labelValues[line.labelCount] =
            strings.get(text, start, pos, LegacyStringCache.hash(text, start, pos));
        return pos + 1;
      }
      if (c == '\\') {
        return parseEscapedLabelValue(text, start, end);
      }
    }
    return fail(ParseErrorReason.UNTERMINATED_LABEL_VALUE);
  }

  private int parseEscapedLabelValue(String text, int start, int end) {
    unescaped.setLength(0);
    for (int pos = start; pos < end; pos++) {
      char c = text.charAt(pos);
      if (c == '"') {
        line.labelValues[line.labelCount] = strings.intern(unescaped.toString());
        return pos + 1;
      }
      if (c == '\\' && pos + 1 < end) {
        char escaped = text.charAt(++pos);
        switch (escaped) {
          case 'n' -> unescaped.append('\n');
          case '\\', '"' -> unescaped.append(escaped);
          // As Prometheus does, an unknown escape is kept as written.
          default -> unescaped.append('\\').append(escaped);
        }
      } else {
        unescaped.append(c);
      }
    }
    return fail(ParseErrorReason.UNTERMINATED_LABEL_VALUE);
  }

  private LineKind malformed(ParseErrorReason reason) {
    error = reason;
    return LineKind.MALFORMED;
  }

  private int fail(ParseErrorReason reason) {
    error = reason;
    return -1;
  }

  private static int scanMetricName(String text, int start, int end) {
    int pos = start;
    if (pos < end && isNameStart(text.charAt(pos))) {
      pos++;
      char c;
      while (pos < end && (isNameStart(c = text.charAt(pos)) || isDigit(c))) {
        pos++;
      }
    }
    return pos;
  }

  private static int scanLabelName(String text, int start, int end) {
    int pos = start;
    if (pos < end && isLabelStart(text.charAt(pos))) {
      pos++;
      char c;
      while (pos < end && (isLabelStart(c = text.charAt(pos)) || isDigit(c))) {
        pos++;
      }
    }
    return pos;
  }

  private static boolean isMetricType(String text, int start, int end) {
    for (String type : METRIC_TYPES) {
      if (isWord(text, start, end, type)) {
        return true;
      }
    }
    return false;
  }

  private static final String[] METRIC_TYPES = {
    "counter",
    "gauge",
    "histogram",
    "summary",
    "untyped",
    "unknown",
    "gaugehistogram",
    "stateset",
    "info"
  };

  private static boolean isWord(String text, int start, int end, String word) {
    return end - start == word.length() && text.regionMatches(start, word, 0, word.length());
  }

  private static int skipBlanks(String text, int pos, int end) {
    while (pos < end && isBlank(text.charAt(pos))) {
      pos++;
    }
    return pos;
  }

  private static int tokenEnd(String text, int pos, int end) {
    while (pos < end && !isBlank(text.charAt(pos))) {
      pos++;
    }
    return pos;
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }

  private static boolean isNameStart(char c) {
    return isLabelStart(c) || c == ':';
  }

  private static boolean isLabelStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
