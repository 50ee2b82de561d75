package io.strata.events.trace;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** OTLP span kind. */
public enum SpanKind {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  INTERNAL,
  SERVER,
  CLIENT,
  PRODUCER,
  CONSUMER
}
