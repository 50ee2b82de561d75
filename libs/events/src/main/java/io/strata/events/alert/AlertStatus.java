package io.strata.events.alert;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** An alert's status as Alertmanager's webhook states it ({@code firing} or {@code resolved}). */
public enum AlertStatus {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  FIRING,
  RESOLVED
}
