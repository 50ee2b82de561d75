package io.strata.deviceingest.parse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A hand-written reader of Prometheus text format 0.0.4 and OpenMetrics text 1.0 that works on the
 * response bytes (UTF-8) as they came off the wire: no page-sized String, no String per line, no
 * regular expression. It accepts HELP/TYPE/UNIT metadata, other comments, blank lines, CRLF line
 * ends, a missing final newline, escaped label values ({@code \\}, {@code \"}, {@code \n}; an
 * unknown escape is kept as written, as Prometheus does), optional timestamps, NaN and +/-Inf, and
 * OpenMetrics exemplars. HELP texts go to the sink (a unit may be stated there), the rest of the
 * metadata is only validated. A line it cannot read is reported to the sink with its number and
 * reason and skipped; no input makes it throw or loop. It reads every page exactly as the
 * String-based parser it replaced did (ADR 024; {@code ParserDifferentialTest}).
 *
 * <p>Where the time goes on a dcgm-exporter page: a sample line is its metric name (a short scan,
 * then the string of the same bytes from {@link ByteStrings}), its label set (found in {@link
 * LabelSetCache} by one array comparison, parsed only the first time it is seen) and its value
 * (parsed from the bytes by {@link NumberParser}); only those last few bytes are scanned for the
 * line end.
 *
 * <p>Not thread-safe: one instance per scrape target, reused across scrapes so its caches keep
 * hitting (the same label sets come back every scrape).
 */
public final class PrometheusTextParser {

  private final ByteStrings strings = new ByteStrings(4096);
  private final LabelSetCache labelSets = new LabelSetCache(256);
  private final NumberParser numbers = new NumberParser();
  private final MetricLine line = new MetricLine();
  private final LabelValues labelValues = new LabelValues(strings);
  private final ExpositionFormat format;
  private ParseErrorReason error;
  private byte[] lastNameBytes = new byte[0];
  private String lastName;

  public PrometheusTextParser(ExpositionFormat format) {
    this.format = format;
  }

  public PrometheusTextParser() {
    this(ExpositionFormat.PROMETHEUS_TEXT);
  }

  public ExpositionFormat format() {
    return format;
  }

  /** The label-set cache, for tests that check how often its prediction answers. */
  LabelSetCache labelSets() {
    return labelSets;
  }

  /** Parses a page given as text (tests, tools): its UTF-8 bytes. */
  public ParseSummary parse(String text, MetricSink sink) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return parse(bytes, bytes.length, sink);
  }

  /** Parses the UTF-8 page {@code text[0, length)}. */
  public ParseSummary parse(byte[] text, int length, MetricSink sink) {
    labelSets.startPage();
    int pos = 0;
    int lineNumber = 0;
    int samples = 0;
    int malformed = 0;
    while (pos < length) {
      lineNumber++;
      error = null;
      int next = parseLine(text, pos, length);
      if (next >= 0) {
        line.lineNumber = lineNumber;
        samples++;
        sink.sample(line);
      } else if (next == MALFORMED) {
        malformed++;
        sink.malformed(lineNumber, error);
      } else if (next == HELP) {
        sink.help(helpName, strings.get(text, helpStart, helpEnd));
      } else if (next == END_OF_FILE) {
        break;
      }
      pos = lineAfter;
    }
    return new ParseSummary(lineNumber, samples, malformed);
  }

  // parseLine's outcome: a sample (>= 0), or one of these; lineAfter is where the next line starts.
  private static final int SKIPPED = -1;
  private static final int MALFORMED = -2;
  private static final int END_OF_FILE = -3;
  private static final int HELP = -4;
  private int lineAfter;
  // A HELP line's metric name and text (as written: escapes are not decoded).
  private String helpName;
  private int helpStart;
  private int helpEnd;

  private int parseLine(byte[] text, int start, int length) {
    int pos = skipBlanks(text, start, length);
    if (pos < length && text[pos] == '#') {
      int end = lineEnd(text, pos, length);
      return parseComment(text, pos + 1, end);
    }
    return parseSample(text, pos, length);
  }

  /** The end of the line {@code pos} is in (before its '\n' and a '\r' preceding it). */
  private int lineEnd(byte[] text, int pos, int length) {
    int i = pos;
    while (i < length && text[i] != '\n') {
      i++;
    }
    lineAfter = i < length ? i + 1 : length;
    return i > pos && text[i - 1] == '\r' ? i - 1 : i;
  }

  private int parseComment(byte[] text, int start, int end) {
    int pos = skipBlanks(text, start, end);
    int wordEnd = tokenEnd(text, pos, end);
    if (isWord(text, pos, wordEnd, "EOF") && format == ExpositionFormat.OPENMETRICS) {
      return END_OF_FILE;
    }
    boolean help = isWord(text, pos, wordEnd, "HELP");
    boolean type = isWord(text, pos, wordEnd, "TYPE");
    boolean unit = isWord(text, pos, wordEnd, "UNIT");
    if (!help && !type && !unit) {
      return SKIPPED;
    }
    if (wordEnd == pos || wordEnd == end || !isBlank(text[wordEnd])) {
      return malformed(ParseErrorReason.INVALID_METADATA);
    }
    int namePos = skipBlanks(text, wordEnd, end);
    int nameEnd = scanMetricName(text, namePos, end);
    if (nameEnd == namePos || (nameEnd < end && !isBlank(text[nameEnd]))) {
      return malformed(ParseErrorReason.INVALID_METADATA);
    }
    if (type) {
      int typePos = skipBlanks(text, nameEnd, end);
      int typeEnd = tokenEnd(text, typePos, end);
      if (!isMetricType(text, typePos, typeEnd) || skipBlanks(text, typeEnd, end) != end) {
        return malformed(ParseErrorReason.INVALID_METADATA);
      }
    }
    if (help) {
      helpName = name(text, namePos, nameEnd);
      helpStart = skipBlanks(text, nameEnd, end);
      helpEnd = end;
      return HELP;
    }
    return SKIPPED;
  }

  /**
   * A sample line from {@code start} (its first non-blank byte). The line end is found only where
   * it is needed: after the label set, or before parsing a label set not seen before.
   */
  private int parseSample(byte[] text, int start, int length) {
    int nameEnd = scanMetricName(text, start, length);
    int pos = skipBlanks(text, nameEnd, length);
    int end;
    line.labelCount = 0;
    line.labelSet = null;
    if (nameEnd > start && pos < length && text[pos] == '{') {
      LabelSetCache.Entry cached = labelSets.find(text, pos, length);
      if (cached != null) {
        int count = cached.names.length;
        System.arraycopy(cached.names, 0, line.labelNames, 0, count);
        System.arraycopy(cached.values, 0, line.labelValues, 0, count);
        line.labelCount = count;
        line.labelSet = cached;
        pos += cached.raw.length;
        end = lineEnd(text, pos, length);
      } else {
        int open = pos;
        end = lineEnd(text, open, length);
        pos = parseLabels(text, open + 1, end);
        if (pos < 0) {
          return MALFORMED;
        }
        line.labelSet = labelSets.store(text, open, pos, line);
      }
    } else {
      end = lineEnd(text, start, length);
      if (start == end) {
        return SKIPPED;
      }
      if (nameEnd == start || (pos == nameEnd && pos < end)) {
        return malformed(ParseErrorReason.INVALID_METRIC_NAME);
      }
    }
    line.name = name(text, start, nameEnd);
    pos = skipBlanks(text, pos, end);
    int valueEnd = tokenEnd(text, pos, end);
    if (valueEnd == pos) {
      return malformed(ParseErrorReason.MISSING_VALUE);
    }
    if (!numbers.parse(text, pos, valueEnd)) {
      return malformed(ParseErrorReason.INVALID_VALUE);
    }
    line.value = numbers.result();
    line.valueIsDecimal = numbers.decimal();
    line.valueDigits = numbers.decimalDigits();
    line.valuePower = numbers.decimalPower();
    line.hasTimestamp = false;
    pos = skipBlanks(text, valueEnd, end);
    if (pos == end) {
      return pos;
    }
    if (text[pos] != '#') {
      int timestampEnd = tokenEnd(text, pos, end);
      if (!numbers.parse(text, pos, timestampEnd) || !Double.isFinite(numbers.result())) {
        return malformed(ParseErrorReason.INVALID_TIMESTAMP);
      }
      line.hasTimestamp = true;
      line.timestamp = numbers.result();
      pos = skipBlanks(text, timestampEnd, end);
    }
    // An OpenMetrics exemplar ("# {trace_id=...} 1.0") may follow; its content is not needed here.
    if (pos == end || (format == ExpositionFormat.OPENMETRICS && text[pos] == '#')) {
      return pos;
    }
    return malformed(ParseErrorReason.TRAILING_CHARACTERS);
  }

  /** The metric name: usually the previous line's (a family's lines follow each other). */
  private String name(byte[] text, int start, int end) {
    byte[] last = lastNameBytes;
    if (last.length == end - start && Arrays.equals(last, 0, last.length, text, start, end)) {
      return lastName;
    }
    lastName = strings.get(text, start, end);
    lastNameBytes = Arrays.copyOfRange(text, start, end);
    return lastName;
  }

  /** Returns the position after the closing brace, or -1 with {@link #error} set. */
  private int parseLabels(byte[] text, int start, int end) {
    int pos = skipBlanks(text, start, end);
    while (true) {
      if (pos == end) {
        return fail(ParseErrorReason.UNTERMINATED_LABEL_SET);
      }
      if (text[pos] == '}') {
        return pos + 1;
      }
      int nameEnd = scanLabelName(text, pos, end);
      if (nameEnd == pos) {
        return fail(ParseErrorReason.INVALID_LABEL_NAME);
      }
      if (line.labelCount == MetricLine.MAX_LABELS) {
        return fail(ParseErrorReason.TOO_MANY_LABELS);
      }
      String labelName = strings.get(text, pos, nameEnd);
      pos = skipBlanks(text, nameEnd, end);
      if (pos == end || text[pos] != '=') {
        return fail(ParseErrorReason.MISSING_LABEL_EQUALS);
      }
      pos = skipBlanks(text, pos + 1, end);
      if (pos == end || text[pos] != '"') {
        return fail(ParseErrorReason.UNQUOTED_LABEL_VALUE);
      }
      pos = labelValues.read(text, pos + 1, end);
      if (pos < 0) {
        return fail(ParseErrorReason.UNTERMINATED_LABEL_VALUE);
      }
      line.labelValues[line.labelCount] = labelValues.value();
      line.labelNames[line.labelCount++] = labelName;
      pos = skipBlanks(text, pos, end);
      if (pos < end && text[pos] == ',') {
        pos = skipBlanks(text, pos + 1, end);
      } else if (pos < end && text[pos] != '}') {
        return fail(ParseErrorReason.UNTERMINATED_LABEL_SET);
      }
    }
  }

  private int malformed(ParseErrorReason reason) {
    error = reason;
    return MALFORMED;
  }

  private int fail(ParseErrorReason reason) {
    error = reason;
    return -1;
  }

  private static int scanMetricName(byte[] text, int start, int end) {
    int pos = start;
    if (pos < end && isNameStart(text[pos])) {
      pos++;
      byte c;
      while (pos < end && (isNameStart(c = text[pos]) || isDigit(c))) {
        pos++;
      }
    }
    return pos;
  }

  private static int scanLabelName(byte[] text, int start, int end) {
    int pos = start;
    if (pos < end && isLabelStart(text[pos])) {
      pos++;
      byte c;
      while (pos < end && (isLabelStart(c = text[pos]) || isDigit(c))) {
        pos++;
      }
    }
    return pos;
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

  private static boolean isMetricType(byte[] text, int start, int end) {
    for (String type : METRIC_TYPES) {
      if (isWord(text, start, end, type)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isWord(byte[] text, int start, int end, String word) {
    if (end - start != word.length()) {
      return false;
    }
    for (int i = 0; i < word.length(); i++) {
      if (text[start + i] != word.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static int skipBlanks(byte[] text, int pos, int end) {
    while (pos < end && isBlank(text[pos])) {
      pos++;
    }
    return pos;
  }

  private static int tokenEnd(byte[] text, int pos, int end) {
    while (pos < end && !isBlank(text[pos])) {
      pos++;
    }
    return pos;
  }

  private static boolean isBlank(byte c) {
    return c == ' ' || c == '\t';
  }

  private static boolean isNameStart(byte c) {
    return isLabelStart(c) || c == ':';
  }

  private static boolean isLabelStart(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }
}
