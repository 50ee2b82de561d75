package io.strata.traceingest.otlp;

/** Why an OTLP request body could not be read; each maps to one HTTP status. */
public enum DecodeFailure {
  UNSPECIFIED(400),
  /** Not an ExportTraceServiceRequest in protobuf binary encoding. */
  MALFORMED_PROTOBUF(400),
  /** Not an ExportTraceServiceRequest in OTLP JSON encoding. */
  MALFORMED_JSON(400),
  /** Content-Encoding gzip, but not a valid gzip stream. */
  MALFORMED_GZIP(400),
  /** Larger than the configured limit (after decompression). */
  BODY_TOO_LARGE(413),
  /** Neither application/x-protobuf nor application/json. */
  UNSUPPORTED_CONTENT_TYPE(415),
  /** A Content-Encoding other than gzip or identity. */
  UNSUPPORTED_CONTENT_ENCODING(415);

  private final int httpStatus;

  DecodeFailure(int httpStatus) {
    this.httpStatus = httpStatus;
  }

  public int httpStatus() {
    return httpStatus;
  }
}
