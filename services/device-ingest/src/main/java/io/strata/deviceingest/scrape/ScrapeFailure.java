package io.strata.deviceingest.scrape;

import io.strata.events.device.FindingReason;

/** A scrape that produced no page, with the reason. */
public final class ScrapeFailure extends Exception {

  private static final long serialVersionUID = 1L;

  private final FindingReason reason;

  public ScrapeFailure(FindingReason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public ScrapeFailure(FindingReason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public FindingReason reason() {
    return reason;
  }
}
