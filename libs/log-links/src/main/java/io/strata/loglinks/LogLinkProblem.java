package io.strata.loglinks;

/** Why a log link template was refused at startup. */
public enum LogLinkProblem {
  UNSPECIFIED,
  /** The template's name (its key) holds characters a label or a key cannot carry. */
  INVALID_NAME,
  /** A {@code {...}} that names no placeholder, or a brace that closes none. */
  UNKNOWN_PLACEHOLDER,
  /** With its placeholders filled, the template is not an absolute http(s) URL with a host. */
  NOT_HTTP_URL
}
