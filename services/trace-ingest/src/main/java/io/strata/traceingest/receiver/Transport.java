package io.strata.traceingest.receiver;

import java.util.Locale;

/** How an export request arrived; a metric tag. */
public enum Transport {
  HTTP_PROTOBUF,
  HTTP_JSON,
  /** An OTLP/HTTP request whose Content-Type is neither encoding: refused with 415. */
  HTTP_UNSUPPORTED,
  GRPC;

  public String tag() {
    return name().toLowerCase(Locale.ROOT);
  }
}
