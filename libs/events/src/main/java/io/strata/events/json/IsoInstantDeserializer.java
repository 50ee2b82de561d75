package io.strata.events.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Reads the instant form every Strata producer writes, {@code 2026-12-01T10:00:00.123456789Z} (UTC,
 * four-digit year, 0–9 fraction digits), without a {@code DateTimeFormatter}, whose parsing was a
 * large share of decoding an input record. Anything else (an offset, a leap second, a number, a
 * year past 9999) goes to jsr310's deserializer, so what is accepted and rejected is exactly what
 * it accepts and rejects.
 */
final class IsoInstantDeserializer extends StdScalarDeserializer<Instant> {

  private static final long serialVersionUID = 1L;

  IsoInstantDeserializer() {
    super(Instant.class);
  }

  @Override
  public Instant deserialize(JsonParser parser, DeserializationContext context) throws IOException {
    if (parser.currentToken() == JsonToken.VALUE_STRING) {
      Instant fast = parseUtc(parser.getText());
      if (fast != null) {
        return fast;
      }
    }
    return InstantDeserializer.INSTANT.deserialize(parser, context);
  }

  /** The instant {@code text} names in the plain UTC form, or null when it is another form. */
  static Instant parseUtc(String text) {
    int length = text.length();
    if (length < 20
        || length > 30
        || text.charAt(length - 1) != 'Z'
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':') {
      return null;
    }
    int year = digits(text, 0, 4);
    int month = digits(text, 5, 2);
    int day = digits(text, 8, 2);
    int hour = digits(text, 11, 2);
    int minute = digits(text, 14, 2);
    int second = digits(text, 17, 2);
    if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
      return null;
    }
    if (second < 0 || second > 59) {
      return null; // includes a leap second: jsr310 decides what it means
    }
    int nanos = 0;
    if (length > 20) {
      int fraction = length - 21;
      if (text.charAt(19) != '.' || fraction < 1 || fraction > 9) {
        return null;
      }
      int value = digits(text, 20, fraction);
      if (value < 0) {
        return null;
      }
      for (int k = fraction; k < 9; k++) {
        value *= 10;
      }
      nanos = value;
    } else if (text.charAt(19) != 'Z') {
      return null;
    }
    long epochDay;
    try {
      epochDay = LocalDate.of(year, month, day).toEpochDay();
    } catch (DateTimeException e) {
      return null; // e.g. 2026-02-30: jsr310 rejects it with its own message
    }
    return Instant.ofEpochSecond(epochDay * 86_400L + hour * 3_600L + minute * 60L + second, nanos);
  }

  /** The decimal number in {@code text[at, at + count)}, or -1 when a character is not a digit. */
  private static int digits(String text, int at, int count) {
    int value = 0;
    for (int i = at; i < at + count; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
