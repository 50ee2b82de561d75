package io.strata.remediator.core.pagerduty;

/**
 * An alert event's {@code event_action} (PagerDuty developer docs, Events API v2, "Send an Alert
 * Event"): trigger opens an alert or adds to the open one with the same dedup_key, acknowledge and
 * resolve move it. Written only, so no UNSPECIFIED.
 */
public enum EventAction {
  TRIGGER("trigger"),
  ACKNOWLEDGE("acknowledge"),
  RESOLVE("resolve");

  private final String wire;

  EventAction(String wire) {
    this.wire = wire;
  }

  /** The JSON value. */
  public String wire() {
    return wire;
  }
}
