package io.strata.traceingest.receiver;

import java.util.Locale;

/** How an export request arrived; a metric tag. */
public enum Transport {
  HTTP_PROTOBUF,
  HTTP_JSON,
  GRPC;

  public String tag() {
    return name().toLowerCase(Locale.ROOT);
  }
}
