package io.strata.testsupport;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Mutations of a valid JSON record for fuzz tests of a Kafka input: characters that break its
 * structure, numbers and escapes; one value replaced by something a reader does not expect (wrong
 * type, out of range, a lone UTF-16 surrogate, an unknown enum name, an impossible date); random
 * bytes. Plain text work, no JSON library, so that what a mutation produces does not depend on the
 * parser under test. (The correlator's CorrelatorInputFuzzTest, which came first, keeps its own
 * copy of the same two mutations.)
 */
public final class JsonFuzz {

  /** Values that are valid JSON but rarely what a field expects. */
  public static final String[] VALUES = {
    "null",
    "0",
    "-1",
    "1e400",
    "\"\"",
    "\"x\"",
    "[]",
    "{}",
    "true",
    "\"NOT_AN_ENUM\"",
    "\"2026-13-45T99:99:99Z\"",
    "9223372036854775808",
    "[[[[[[[[]]]]]]]]",
    "\"\\ud800\""
  };

  /** Characters that break JSON structure, numbers and escapes. */
  private static final String BREAKERS = "{}[]\",:0e-\\ ";

  private JsonFuzz() {}

  /** One to six edits: a character replaced by a breaker, a character deleted, or the rest cut. */
  public static byte[] mutateBytes(byte[] seed, Random random) {
    StringBuilder text = new StringBuilder(new String(seed, StandardCharsets.UTF_8));
    for (int k = 1 + random.nextInt(6); k > 0 && text.length() > 0; k--) {
      int at = random.nextInt(text.length());
      switch (random.nextInt(3)) {
        case 0 -> text.setCharAt(at, BREAKERS.charAt(random.nextInt(BREAKERS.length())));
        case 1 -> text.deleteCharAt(at);
        default -> text.setLength(at);
      }
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The value after one {@code :} (a scalar, or a whole object or array) replaced by one of {@link
   * #VALUES}; the rest of the document stays valid JSON.
   */
  public static byte[] replaceAValue(byte[] seed, Random random) {
    return replaceAValue(seed, random, VALUES);
  }

  /** As {@link #replaceAValue(byte[], Random)}, with one of {@code values} (a format's own). */
  public static byte[] replaceAValue(byte[] seed, Random random, String[] values) {
    String json = new String(seed, StandardCharsets.UTF_8);
    int colon = json.indexOf(':', random.nextInt(json.length()));
    if (colon < 0) {
      colon = json.indexOf(':');
    }
    if (colon < 0) {
      return seed.clone();
    }
    int end = valueEnd(json, colon + 1);
    return (json.substring(0, colon + 1)
            + values[random.nextInt(values.length)]
            + json.substring(end))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Up to 63 random bytes. */
  public static byte[] randomBytes(Random random) {
    byte[] bytes = new byte[random.nextInt(64)];
    random.nextBytes(bytes);
    return bytes;
  }

  /** A fuzzed input as text for an assertion's description: at most 160 characters, or "null". */
  public static String preview(byte[] bytes) {
    if (bytes == null) {
      return "null";
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    return text.length() > 160 ? text.substring(0, 160) + "..." : text;
  }

  /** Where the JSON value that starts at {@code from} ends (exclusive). */
  private static int valueEnd(String json, int from) {
    int end = from;
    int depth = 0;
    boolean inString = false;
    while (end < json.length()) {
      char c = json.charAt(end);
      if (inString) {
        inString = c != '"' || json.charAt(end - 1) == '\\';
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if ((c == '}' || c == ']' || c == ',') && depth == 0) {
        break;
      } else if (c == '}' || c == ']') {
        depth--;
      }
      end++;
    }
    return end;
  }
}
