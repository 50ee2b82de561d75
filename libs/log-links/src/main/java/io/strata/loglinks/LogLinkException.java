package io.strata.loglinks;

/** A log link template that cannot be used; the message names its configuration key. */
public final class LogLinkException extends RuntimeException {

  private final LogLinkProblem reason;
  private final String key;

  LogLinkException(LogLinkProblem reason, String key, String message) {
    super(key + ": " + message);
    this.reason = reason;
    this.key = key;
  }

  public LogLinkProblem reason() {
    return reason;
  }

  /**
   * The configuration key of the template, for example {@code
   * strata.remediator.log-links.templates.<name>}.
   */
  public String key() {
    return key;
  }
}
