package io.strata.traceingest.receiver;

import io.strata.traceingest.alert.WebhookAuthenticator;
import io.strata.traceingest.alert.WebhookParser;
import io.strata.traceingest.alert.WebhookRejectedException;
import io.strata.traceingest.alert.WebhookRejection;
import io.strata.traceingest.kafka.Refusal;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * Alertmanager's webhook on the OTLP/HTTP listener: POST {@value #PATH}, JSON, payload version 4.
 * Method, credentials, media type and declared size are checked before the body is kept; the body
 * is collected on the event loop up to the receiver's size limit; parsing and publishing run on a
 * worker; the 200 waits for Kafka's acknowledgement of every alert.
 */
public final class AlertmanagerHandler implements Handler<HttpServerRequest> {

  public static final String PATH = "/api/v2/alertmanager";

  private static final Logger LOG = Logger.getLogger(AlertmanagerHandler.class);

  private final Vertx vertx;
  private final AlertPipeline pipeline;
  private final WebhookParser parser;
  private final WebhookAuthenticator authenticator;
  private final AlertmanagerMetrics metrics;
  private final int maxBodyBytes;
  private final Duration retryAfter;

  public AlertmanagerHandler(
      Vertx vertx,
      AlertPipeline pipeline,
      WebhookParser parser,
      WebhookAuthenticator authenticator,
      AlertmanagerMetrics metrics,
      int maxBodyBytes,
      Duration retryAfter) {
    this.vertx = vertx;
    this.pipeline = pipeline;
    this.parser = parser;
    this.authenticator = authenticator;
    this.metrics = metrics;
    this.maxBodyBytes = maxBodyBytes;
    this.retryAfter = retryAfter;
  }

  @Override
  public void handle(HttpServerRequest request) {
    if (request.method() != HttpMethod.POST) {
      request.response().putHeader("Allow", "POST");
      rejectAfterBody(request, WebhookRejection.METHOD_NOT_ALLOWED, "use POST");
      return;
    }
    Optional<WebhookRejection> unauthorized =
        authenticator.check(request.getHeader(HttpHeaders.AUTHORIZATION));
    if (unauthorized.isPresent()) {
      request.response().putHeader("WWW-Authenticate", authenticator.challenge());
      rejectAfterBody(
          request, unauthorized.get(), WebhookHeaders.unauthorizedMessage(unauthorized.get()));
      return;
    }
    Optional<String> media = WebhookHeaders.unsupportedMedia(request);
    if (media.isPresent()) {
      rejectAfterBody(request, WebhookRejection.UNSUPPORTED_MEDIA_TYPE, media.get());
      return;
    }
    if (BoundedBody.declaredLength(request) > maxBodyBytes) {
      rejectAfterBody(request, WebhookRejection.BODY_TOO_LARGE, tooLarge());
      return;
    }
    if (!pipeline.tryBeginRequest()) {
      refuse(request, new AlertOutcome.Refused(Refusal.OVERLOADED, "too many requests in flight"));
      return;
    }
    BoundedBody.read(request, maxBodyBytes, new Notification(request));
  }

  /** One notification's body, then its processing; gives the request slot back once. */
  private final class Notification implements BoundedBody.Listener {
    private final HttpServerRequest request;
    private boolean finished;

    Notification(HttpServerRequest request) {
      this.request = request;
    }

    @Override
    public void overflowed() {
      finish();
    }

    @Override
    public void failed(Throwable error) {
      finish();
    }

    @Override
    public void ended(Buffer body) {
      if (body == null) {
        reject(request, WebhookRejection.BODY_TOO_LARGE, tooLarge());
        return;
      }
      Context context = vertx.getOrCreateContext();
      byte[] bytes = body.getBytes();
      vertx
          .executeBlocking(() -> pipeline.handle(parser.parse(bytes)), false)
          .compose(
              (CompletionStage<AlertOutcome> stage) -> Future.fromCompletionStage(stage, context))
          .onComplete(
              result -> {
                finish();
                if (result.succeeded()) {
                  answer(request, result.result());
                } else if (result.cause() instanceof WebhookRejectedException rejected) {
                  reject(request, rejected.reason(), rejected.getMessage());
                } else {
                  LOG.errorf(result.cause(), "Alertmanager notification failed unexpectedly");
                  metrics.failed();
                  send(request, AlertAnswer.failed("internal error: " + result.cause()));
                }
              });
    }

    private void finish() {
      if (!finished) {
        finished = true;
        pipeline.endRequest();
      }
    }
  }

  private void answer(HttpServerRequest request, AlertOutcome outcome) {
    if (outcome instanceof AlertOutcome.Accepted accepted) {
      send(request, AlertAnswer.accepted(accepted));
    } else {
      refuse(request, (AlertOutcome.Refused) outcome);
    }
  }

  private void refuse(HttpServerRequest request, AlertOutcome.Refused refused) {
    metrics.refused(refused.reason());
    send(request, AlertAnswer.refused(refused, retryAfter));
  }

  /** Answered once the body is drained unread, so a client writing it all first sees the answer. */
  private void rejectAfterBody(HttpServerRequest request, WebhookRejection reason, String message) {
    request.endHandler(ignored -> reject(request, reason, message));
  }

  private void reject(HttpServerRequest request, WebhookRejection reason, String message) {
    metrics.rejected(reason);
    send(request, AlertAnswer.rejected(reason, message));
  }

  private String tooLarge() {
    return "body larger than " + maxBodyBytes + " bytes; lower the receiver's max_alerts";
  }

  private static void send(HttpServerRequest request, AlertAnswer answer) {
    HttpServerResponse response =
        request
            .response()
            .setStatusCode(answer.status())
            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
    if (answer.retryAfterSeconds() != null) {
      response.putHeader("Retry-After", Long.toString(answer.retryAfterSeconds()));
    }
    response.end(Buffer.buffer(answer.body()));
  }
}
