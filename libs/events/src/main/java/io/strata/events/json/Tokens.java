package io.strata.events.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The values a {@link FastJsonReader} reads, each in the one form where it is certain of what data
 * binding would make of it; any other form throws {@link Defer}. Every string and name kept is
 * checked for UTF-16 surrogates (see {@link FastJsonReader}).
 */
final class Tokens {

  private Tokens() {}

  static String string(JsonParser p, JsonToken value) throws IOException {
    return switch (value) {
      case VALUE_STRING -> withoutSurrogates(p.getText());
      case VALUE_NULL -> null;
      default -> throw Defer.INSTANCE; // binding coerces numbers and booleans to text
    };
  }

  /**
   * The text itself when it holds no UTF-16 surrogate. Event text is ASCII in practice; any
   * surrogate, paired or not, sends the document to the serde's lone-surrogate check and binding.
   */
  static String withoutSurrogates(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isSurrogate(text.charAt(i))) {
        throw Defer.INSTANCE;
      }
    }
    return text;
  }

  /**
   * An object of optional strings under {@code names}, by index; null for JSON null. A name given
   * twice or not known defers.
   */
  static String[] strings(JsonParser p, JsonToken value, String[] names) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.START_OBJECT) {
      throw Defer.INSTANCE;
    }
    String[] strings = new String[names.length];
    int seen = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      int index = indexOf(names, p.currentName());
      JsonToken token = p.nextToken();
      if (index < 0 || (seen & (1 << index)) != 0) {
        throw Defer.INSTANCE; // unknown (skipping it would leave its text unchecked) or repeated
      }
      seen |= 1 << index;
      strings[index] = string(p, token);
    }
    return strings;
  }

  /** Where {@code name} is in {@code names}, or -1. */
  static int indexOf(String[] names, String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** A map of numbers; a repeated key: the last wins, as in binding. */
  static Map<String, Double> numbers(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.START_OBJECT) {
      throw Defer.INSTANCE;
    }
    Map<String, Double> numbers = new HashMap<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      String key = withoutSurrogates(p.currentName());
      JsonToken number = p.nextToken();
      if (number != JsonToken.VALUE_NUMBER_FLOAT && number != JsonToken.VALUE_NUMBER_INT) {
        throw Defer.INSTANCE; // a null, a "NaN" string or a structure: binding decides
      }
      numbers.put(key, p.getDoubleValue());
    }
    return numbers;
  }

  static Integer integer(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
      throw Defer.INSTANCE; // a float, a big number or text: binding coerces or refuses
    }
    return p.getIntValue();
  }

  /** A whole number that fits a long; JSON null defers (binding's rule depends on the type). */
  static long wholeNumber(JsonParser p, JsonToken value) throws IOException {
    if (value != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      throw Defer.INSTANCE;
    }
    return p.getLongValue();
  }

  static boolean bool(JsonToken value) {
    return switch (value) {
      case VALUE_TRUE -> true;
      case VALUE_FALSE -> false;
      default -> throw Defer.INSTANCE;
    };
  }

  /** The plain UTC form {@link IsoInstantDeserializer} reads without jsr310; null for JSON null. */
  static Instant instant(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    Instant instant =
        value == JsonToken.VALUE_STRING ? IsoInstantDeserializer.parseUtc(p.getText()) : null;
    if (instant == null) {
      throw Defer.INSTANCE; // other forms are jsr310's to accept or reject
    }
    return instant;
  }

  /** The constants of an enum by their exact names, as binding reads them. */
  static <E extends Enum<E>> Map<String, E> names(Class<E> type) {
    Map<String, E> names = new HashMap<>();
    for (E constant : type.getEnumConstants()) {
      names.put(constant.name(), constant);
    }
    return Map.copyOf(names);
  }

  /** A constant by its exact name; null for JSON null; an unknown name or a number defers. */
  static <E extends Enum<E>> E constant(JsonParser p, JsonToken value, Map<String, E> names)
      throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    E constant = value == JsonToken.VALUE_STRING ? names.get(p.getText()) : null;
    if (constant == null) {
      throw Defer.INSTANCE; // binding reads an unknown name as UNSPECIFIED, a number by index
    }
    return constant;
  }
}
