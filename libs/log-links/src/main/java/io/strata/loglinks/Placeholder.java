package io.strata.loglinks;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The values a log link template may name, each written {@code {token}} in the template. */
public enum Placeholder {
  CLUSTER("cluster"),
  NAMESPACE("namespace"),
  POD("pod"),
  CONTAINER("container"),
  NODE("node"),
  /** Start of the incident's window, RFC 3339 UTC to the second: {@code 2026-12-08T09:55:00Z}. */
  FROM("from"),
  /** End of the window, the same form. */
  TO("to"),
  /** Start of the window in epoch milliseconds (Grafana's absolute range). */
  FROM_MS("from_ms"),
  TO_MS("to_ms"),
  TRACE_ID("trace_id");

  private final String token;

  Placeholder(String token) {
    this.token = token;
  }

  public String token() {
    return token;
  }

  public static Optional<Placeholder> named(String token) {
    return Arrays.stream(values()).filter(p -> p.token.equals(token)).findFirst();
  }

  /** Every placeholder as written in a template, for error messages and docs. */
  public static String known() {
    return Arrays.stream(values()).map(p -> "{" + p.token + "}").collect(Collectors.joining(", "));
  }
}
