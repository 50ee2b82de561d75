package io.strata.events.trace;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** OTLP span status code. */
public enum SpanStatus {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  UNSET,
  OK,
  ERROR
}
