package io.strata.traceingest.receiver;

import io.strata.traceingest.alert.WebhookRejection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import java.util.Locale;
import java.util.Optional;

/** The header checks of the Alertmanager webhook and their messages. */
final class WebhookHeaders {

  private WebhookHeaders() {}

  static String unauthorizedMessage(WebhookRejection reason) {
    return switch (reason) {
      case MISSING_CREDENTIALS -> "an Authorization header is required";
      case AUTH_NOT_CONFIGURED ->
          "no credential is configured for the Alertmanager webhook"
              + " (strata.trace-ingest.alertmanager.bearer-token or basic-auth)";
      default -> "the credentials do not match";
    };
  }

  /** Why the request's Content-Type or Content-Encoding is not Alertmanager's; empty if fine. */
  static Optional<String> unsupportedMedia(HttpServerRequest request) {
    String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
    String mediaType = type == null ? "" : type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    if (!mediaType.equals("application/json")) {
      return Optional.of("Content-Type must be application/json, was " + type);
    }
    String encoding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
    if (encoding != null && !encoding.isBlank() && !encoding.trim().equalsIgnoreCase("identity")) {
      return Optional.of("Content-Encoding " + encoding + " is not supported");
    }
    return Optional.empty();
  }
}
