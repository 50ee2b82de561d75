package io.strata.deviceingest.parse;

/** Why one line of an exposition could not be read; the rest of the page is still parsed. */
public enum ParseErrorReason {
  INVALID_METRIC_NAME,
  INVALID_LABEL_NAME,
  MISSING_LABEL_EQUALS,
  UNQUOTED_LABEL_VALUE,
  UNTERMINATED_LABEL_VALUE,
  UNTERMINATED_LABEL_SET,
  MISSING_VALUE,
  INVALID_VALUE,
  INVALID_TIMESTAMP,
  TRAILING_CHARACTERS,
  INVALID_METADATA,
  TOO_MANY_LABELS
}
