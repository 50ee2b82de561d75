package io.strata.traceingest.alert;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Typed reads of one JSON object's fields, each failure a {@link WebhookRejectedException} naming
 * the field's path. Absent and null are the same: Go writes a nil map as null.
 */
final class JsonFields {

  private final JsonNode object;
  private final String path;

  private JsonFields(JsonNode object, String path) {
    this.object = object;
    this.path = path;
  }

  static JsonFields of(JsonNode node, String path) {
    if (node == null || !node.isObject()) {
      throw reject(WebhookRejection.WRONG_TYPE, path + " must be a JSON object");
    }
    return new JsonFields(node, path);
  }

  String requiredText(String name) {
    String text = optionalText(name);
    if (text == null) {
      throw reject(WebhookRejection.MISSING_FIELD, at(name) + " is required");
    }
    return text;
  }

  String optionalText(String name, int maxLength) {
    String text = optionalText(name);
    if (text != null && text.length() > maxLength) {
      throw reject(
          WebhookRejection.ANNOTATION_TOO_LONG,
          at(name) + " is longer than " + maxLength + " characters");
    }
    return text;
  }

  String optionalText(String name) {
    JsonNode value = object.get(name);
    if (value == null || value.isNull()) {
      return null;
    }
    return text(value, at(name));
  }

  JsonNode requiredArray(String name) {
    JsonNode value = object.get(name);
    if (value == null || value.isNull()) {
      throw reject(WebhookRejection.MISSING_FIELD, at(name) + " is required");
    }
    if (!value.isArray()) {
      throw reject(WebhookRejection.WRONG_TYPE, at(name) + " must be an array");
    }
    return value;
  }

  /** A non-negative whole number; 0 when absent. */
  long count(String name) {
    JsonNode value = object.get(name);
    if (value == null || value.isNull()) {
      return 0;
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < 0) {
      throw reject(WebhookRejection.WRONG_TYPE, at(name) + " must be a whole number >= 0");
    }
    return value.asLong();
  }

  /**
   * A string-to-string object: at most {@code maxEntries} entries, names up to {@code
   * maxNameLength} and values up to {@code maxValueLength} characters ({@code tooLong} otherwise).
   */
  Map<String, String> stringMap(
      String name,
      boolean required,
      int maxEntries,
      int maxNameLength,
      int maxValueLength,
      WebhookRejection tooLong) {
    JsonNode value = object.get(name);
    if (value == null || value.isNull()) {
      if (required) {
        throw reject(WebhookRejection.MISSING_FIELD, at(name) + " is required");
      }
      return Map.of();
    }
    if (!value.isObject()) {
      throw reject(WebhookRejection.WRONG_TYPE, at(name) + " must be an object of strings");
    }
    if (value.size() > maxEntries) {
      throw reject(
          WebhookRejection.TOO_MANY_LABELS,
          at(name) + " has " + value.size() + " entries, more than " + maxEntries);
    }
    Map<String, String> map = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : value.properties()) {
      String key = entry.getKey();
      String where = at(name) + "." + key;
      checkText(key, where);
      if (key.length() > maxNameLength) {
        throw reject(tooLong, where + ": name longer than " + maxNameLength + " characters");
      }
      String text = text(entry.getValue(), where);
      if (text.length() > maxValueLength) {
        throw reject(tooLong, where + ": value longer than " + maxValueLength + " characters");
      }
      map.put(key, text);
    }
    return map;
  }

  /** Where this object is, e.g. alerts[2]; empty for the body itself. */
  String path() {
    return path;
  }

  String at(String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static String text(JsonNode value, String where) {
    if (!value.isTextual()) {
      throw reject(WebhookRejection.WRONG_TYPE, where + " must be a string");
    }
    return checkText(value.textValue(), where);
  }

  /** Jackson reads a lone surrogate escape into a string it could not write back readably. */
  private static String checkText(String text, String where) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw reject(WebhookRejection.INVALID_TEXT, where + " holds a lone UTF-16 surrogate");
      }
    }
    return text;
  }

  static WebhookRejectedException reject(WebhookRejection reason, String message) {
    return new WebhookRejectedException(reason, message);
  }
}
