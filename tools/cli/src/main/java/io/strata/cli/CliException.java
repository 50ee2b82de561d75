package io.strata.cli;

/** A failure the CLI explains in one line and exits with (2 for usage, 1 otherwise). */
final class CliException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Why a command failed. */
  enum Reason {
    UNSPECIFIED,
    USAGE,
    CONFIG,
    UNREACHABLE,
    NO_TOKEN,
    UNKNOWN_TOKEN,
    FORBIDDEN,
    NOT_FOUND,
    CONFLICT,
    /** The request was refused as it stands (400), for example a policy draft. */
    BAD_REQUEST,
    /** The service is doing this already (429), for example another backtest. */
    BUSY,
    UPSTREAM_ERROR
  }

  private final Reason reason;

  CliException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  Reason reason() {
    return reason;
  }

  int exitCode() {
    return reason == Reason.USAGE ? 2 : 1;
  }
}
