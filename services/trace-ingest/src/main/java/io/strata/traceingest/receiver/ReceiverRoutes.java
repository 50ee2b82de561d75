package io.strata.traceingest.receiver;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;

/**
 * The HTTP receiver's paths: OTLP traces and, when enabled, Alertmanager's webhook (ADR 051).
 * Anything else is a 404 naming both.
 */
final class ReceiverRoutes implements Handler<HttpServerRequest> {

  private final Handler<HttpServerRequest> otlp;
  private final Handler<HttpServerRequest> alertmanager;

  /**
   * @param alertmanager null when the webhook is disabled
   */
  ReceiverRoutes(Handler<HttpServerRequest> otlp, Handler<HttpServerRequest> alertmanager) {
    this.otlp = otlp;
    this.alertmanager = alertmanager;
  }

  @Override
  public void handle(HttpServerRequest request) {
    String path = request.path();
    if (OtlpHttpHandler.TRACES_PATH.equals(path)) {
      otlp.handle(request);
    } else if (alertmanager != null && AlertmanagerHandler.PATH.equals(path)) {
      alertmanager.handle(request);
    } else {
      String message =
          "not found: OTLP traces are POSTed to "
              + OtlpHttpHandler.TRACES_PATH
              + (alertmanager == null
                  ? " (the Alertmanager webhook is disabled)"
                  : ", Alertmanager notifications to " + AlertmanagerHandler.PATH);
      request
          .response()
          .setStatusCode(404)
          .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
          .end(Buffer.buffer(message));
    }
  }
}
