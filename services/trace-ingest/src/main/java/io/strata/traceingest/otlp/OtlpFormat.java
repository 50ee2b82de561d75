package io.strata.traceingest.otlp;

import java.util.Locale;
import java.util.Optional;

/** The two OTLP/HTTP encodings, chosen by Content-Type. */
public enum OtlpFormat {
  PROTOBUF("application/x-protobuf"),
  JSON("application/json");

  private final String mediaType;

  OtlpFormat(String mediaType) {
    this.mediaType = mediaType;
  }

  /** The Content-Type of responses in this encoding. */
  public String mediaType() {
    return mediaType;
  }

  /** The format of a Content-Type header, ignoring parameters such as charset. */
  public static Optional<OtlpFormat> ofContentType(String contentType) {
    if (contentType == null) {
      return Optional.empty();
    }
    int semicolon = contentType.indexOf(';');
    String type =
        (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
            .trim()
            .toLowerCase(Locale.ROOT);
    for (OtlpFormat format : values()) {
      if (format.mediaType.equals(type)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }
}
