package io.strata.traceingest.alert;

/** A webhook request refused with a reason; the message says what exactly, for the sender. */
public final class WebhookRejectedException extends RuntimeException {

  private final WebhookRejection reason;

  public WebhookRejectedException(WebhookRejection reason, String message) {
    super(message, null, false, false);
    this.reason = reason;
  }

  public WebhookRejection reason() {
    return reason;
  }
}
