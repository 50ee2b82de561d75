package io.strata.k8swatcher.mapping;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Kubernetes timestamps (RFC 3339, optionally with micro- or nanoseconds) as instants. */
public final class Timestamps {

  private Timestamps() {}

  /** Null or blank is null; anything else must parse. */
  public static Instant parse(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      throw new MappingException(
          MappingFailure.INVALID_TIMESTAMP, "timestamp '" + value + "' is not RFC 3339", e);
    }
  }
}
