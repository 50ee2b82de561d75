package io.strata.traceingest.otlp;

/** An OTLP body that cannot be read, with the reason. */
public final class OtlpDecodeException extends Exception {

  private final DecodeFailure failure;

  public OtlpDecodeException(DecodeFailure failure, String message, Throwable cause) {
    super(message, cause);
    this.failure = failure;
  }

  public OtlpDecodeException(DecodeFailure failure, String message) {
    this(failure, message, null);
  }

  public DecodeFailure failure() {
    return failure;
  }
}
