package io.strata.traceingest.receiver;

import io.strata.traceingest.kafka.Refusal;
import io.strata.traceingest.otlp.DecodeFailure;
import io.strata.traceingest.otlp.OtlpDecodeException;
import io.strata.traceingest.otlp.OtlpFormat;
import io.strata.traceingest.otlp.OtlpRequestDecoder;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * OTLP/HTTP: POST /v1/traces in protobuf or JSON, optionally gzip. The body is collected on the
 * event loop up to the size limit; decoding, summarising and handing to Kafka run on a worker; the
 * answer waits for Kafka's acknowledgement.
 */
public final class OtlpHttpHandler implements Handler<HttpServerRequest> {

  public static final String TRACES_PATH = "/v1/traces";

  private static final Logger LOG = Logger.getLogger(OtlpHttpHandler.class);

  private final Vertx vertx;
  private final ExportPipeline pipeline;
  private final OtlpRequestDecoder decoder;
  private final TraceIngestMetrics metrics;
  private final Duration retryAfter;

  public OtlpHttpHandler(
      Vertx vertx,
      ExportPipeline pipeline,
      OtlpRequestDecoder decoder,
      TraceIngestMetrics metrics,
      Duration retryAfter) {
    this.vertx = vertx;
    this.pipeline = pipeline;
    this.decoder = decoder;
    this.metrics = metrics;
    this.retryAfter = retryAfter;
  }

  @Override
  public void handle(HttpServerRequest request) {
    if (!TRACES_PATH.equals(request.path())) {
      sendText(request, 404, "not found: OTLP traces are POSTed to " + TRACES_PATH);
      return;
    }
    if (request.method() != HttpMethod.POST) {
      request.response().putHeader("Allow", "POST");
      sendText(request, 405, "method not allowed: use POST");
      return;
    }
    Optional<OtlpFormat> format =
        OtlpFormat.ofContentType(request.getHeader(HttpHeaders.CONTENT_TYPE));
    if (format.isEmpty()) {
      metrics.malformed(Transport.HTTP_UNSUPPORTED, DecodeFailure.UNSUPPORTED_CONTENT_TYPE);
      send(
          request,
          HttpAnswer.malformed(
              DecodeFailure.UNSUPPORTED_CONTENT_TYPE,
              "Content-Type must be application/x-protobuf or application/json, was "
                  + request.getHeader(HttpHeaders.CONTENT_TYPE),
              null));
      return;
    }
    Transport transport =
        format.get() == OtlpFormat.JSON ? Transport.HTTP_JSON : Transport.HTTP_PROTOBUF;
    if (BoundedBody.declaredLength(request) > decoder.maxBodyBytes()) {
      // Answered once the body is drained (unread, so memory stays flat): clients that write the
      // whole body before reading would see a reset instead of the 413.
      request.endHandler(ignored -> reject(request, transport, format.get(), decoder.tooLarge()));
      return;
    }
    if (!pipeline.tryBeginRequest()) {
      metrics.refused(transport, Refusal.OVERLOADED);
      send(
          request,
          HttpAnswer.refusal(
              new ExportOutcome.Refused(
                  Refusal.OVERLOADED, "too many export requests in flight; retry later"),
              format.get(),
              retryAfter));
      return;
    }
    new BodyCollector(request, format.get(), transport).start();
  }

  /** Reads one request's body within the limit, then processes it; ends the request slot once. */
  private final class BodyCollector implements BoundedBody.Listener {
    private final HttpServerRequest request;
    private final OtlpFormat format;
    private final Transport transport;
    private boolean finished;

    BodyCollector(HttpServerRequest request, OtlpFormat format, Transport transport) {
      this.request = request;
      this.format = format;
      this.transport = transport;
    }

    void start() {
      BoundedBody.read(request, decoder.maxBodyBytes(), this);
    }

    @Override
    public void overflowed() {
      // Stop keeping the body; the 413 goes out when the client has finished sending it.
      finish();
    }

    @Override
    public void failed(Throwable error) {
      finish();
    }

    @Override
    public void ended(Buffer body) {
      if (body == null) {
        reject(request, transport, format, decoder.tooLarge());
        return;
      }
      Context context = vertx.getOrCreateContext();
      String encoding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
      byte[] bytes = body.getBytes();
      vertx
          .executeBlocking(
              () -> pipeline.export(decoder.decode(bytes, format, encoding), transport), false)
          .compose(
              (CompletionStage<ExportOutcome> stage) -> Future.fromCompletionStage(stage, context))
          .onComplete(
              result -> {
                finish();
                if (result.succeeded()) {
                  ExportOutcome outcome = result.result();
                  metrics.request(transport, Outcomes.tag(outcome));
                  send(request, HttpAnswer.of(outcome, format, retryAfter));
                } else if (result.cause() instanceof OtlpDecodeException malformed) {
                  reject(request, transport, format, malformed);
                } else {
                  LOG.errorf(result.cause(), "export request failed unexpectedly");
                  metrics.request(transport, "internal_error");
                  sendText(request, 500, "internal error: " + result.cause());
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

  private void reject(
      HttpServerRequest request,
      Transport transport,
      OtlpFormat format,
      OtlpDecodeException error) {
    metrics.malformed(transport, error.failure());
    send(request, HttpAnswer.malformed(error.failure(), error.getMessage(), format));
  }

  private static void send(HttpServerRequest request, HttpAnswer answer) {
    HttpServerResponse response =
        request
            .response()
            .setStatusCode(answer.status())
            .putHeader(HttpHeaders.CONTENT_TYPE, answer.contentType());
    if (answer.retryAfterSeconds() != null) {
      response.putHeader("Retry-After", Long.toString(answer.retryAfterSeconds()));
    }
    response.end(Buffer.buffer(answer.body()));
  }

  private static void sendText(HttpServerRequest request, int status, String message) {
    request
        .response()
        .setStatusCode(status)
        .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
        .end(Buffer.buffer(message.getBytes(StandardCharsets.UTF_8)));
  }
}
