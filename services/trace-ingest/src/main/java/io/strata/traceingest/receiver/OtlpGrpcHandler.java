package io.strata.traceingest.receiver;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.Code;
import com.google.rpc.RetryInfo;
import com.google.rpc.Status;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.TraceServiceGrpc;
import io.strata.traceingest.kafka.Refusal;
import io.strata.traceingest.otlp.DecodeFailure;
import io.strata.traceingest.otlp.OtlpDecodeException;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.grpc.common.GrpcMessageDecoder;
import io.vertx.grpc.common.GrpcMessageEncoder;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.MessageSizeOverflowException;
import io.vertx.grpc.common.ServiceMethod;
import io.vertx.grpc.common.ServiceName;
import io.vertx.grpc.server.GrpcServer;
import io.vertx.grpc.server.GrpcServerRequest;
import io.vertx.grpc.server.GrpcServerResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * OTLP/gRPC: the TraceService/Export method of the published opentelemetry-proto descriptor, served
 * by Vert.x gRPC. Refusals are UNAVAILABLE (retryable in OTLP) with a google.rpc.RetryInfo detail
 * carrying the delay.
 */
public final class OtlpGrpcHandler {

  static final String STATUS_DETAILS_TRAILER = "grpc-status-details-bin";

  /**
   * Service and method names come from the published descriptor. Requests arrive as bytes and are
   * parsed on a worker with the published parser, so a malformed message is our INVALID_ARGUMENT
   * rather than the gRPC layer's INTERNAL, and parsing stays off the event loop.
   */
  private static final ServiceMethod<Buffer, ExportTraceServiceResponse> EXPORT =
      ServiceMethod.server(
          ServiceName.create(TraceServiceGrpc.SERVICE_NAME),
          TraceServiceGrpc.getExportMethod().getBareMethodName(),
          GrpcMessageEncoder.encoder(),
          GrpcMessageDecoder.IDENTITY);

  private static final Logger LOG = Logger.getLogger(OtlpGrpcHandler.class);

  private final Vertx vertx;
  private final ExportPipeline pipeline;
  private final TraceIngestMetrics metrics;
  private final Duration retryAfter;

  public OtlpGrpcHandler(
      Vertx vertx, ExportPipeline pipeline, TraceIngestMetrics metrics, Duration retryAfter) {
    this.vertx = vertx;
    this.pipeline = pipeline;
    this.metrics = metrics;
    this.retryAfter = retryAfter;
  }

  /** Registers the Export method on a Vert.x gRPC server. */
  public GrpcServer register(GrpcServer server) {
    return server.callHandler(EXPORT, this::call);
  }

  private void call(GrpcServerRequest<Buffer, ExportTraceServiceResponse> call) {
    Handler<Buffer> onMessage = message -> export(message, call.response());
    call.handler(onMessage);
    call.exceptionHandler(error -> unreadable(call.response(), error));
  }

  /** A message the gRPC layer could not read (over max-body-bytes, bad compression). */
  private void unreadable(
      GrpcServerResponse<Buffer, ExportTraceServiceResponse> response, Throwable error) {
    boolean tooLarge = error instanceof MessageSizeOverflowException;
    metrics.malformed(
        Transport.GRPC, tooLarge ? DecodeFailure.BODY_TOO_LARGE : DecodeFailure.MALFORMED_PROTOBUF);
    response
        .status(tooLarge ? GrpcStatus.RESOURCE_EXHAUSTED : GrpcStatus.INVALID_ARGUMENT)
        .statusMessage(
            (tooLarge ? "message exceeds the limit: " : "unreadable message: ")
                + error.getMessage());
    response.end();
  }

  static ExportTraceServiceRequest parse(Buffer message) throws OtlpDecodeException {
    try {
      return ExportTraceServiceRequest.parseFrom(message.getBytes());
    } catch (InvalidProtocolBufferException e) {
      throw new OtlpDecodeException(
          DecodeFailure.MALFORMED_PROTOBUF,
          "not an OTLP ExportTraceServiceRequest in protobuf: " + e.getMessage(),
          e);
    }
  }

  private void export(
      Buffer message, GrpcServerResponse<Buffer, ExportTraceServiceResponse> response) {
    if (!pipeline.tryBeginRequest()) {
      metrics.refused(Transport.GRPC, Refusal.OVERLOADED);
      refuse(response, "too many export requests in flight; retry later");
      return;
    }
    Context context = vertx.getOrCreateContext();
    vertx
        .executeBlocking(() -> pipeline.export(parse(message), Transport.GRPC), false)
        .compose(
            (CompletionStage<ExportOutcome> stage) -> Future.fromCompletionStage(stage, context))
        .onComplete(
            result -> {
              pipeline.endRequest();
              if (result.failed() && result.cause() instanceof OtlpDecodeException malformed) {
                metrics.malformed(Transport.GRPC, malformed.failure());
                response.status(GrpcStatus.INVALID_ARGUMENT).statusMessage(malformed.getMessage());
                response.end();
                return;
              }
              if (result.failed()) {
                LOG.errorf(result.cause(), "gRPC export failed unexpectedly");
                metrics.request(Transport.GRPC, "internal_error");
                response.status(GrpcStatus.INTERNAL).statusMessage(String.valueOf(result.cause()));
                response.end();
                return;
              }
              ExportOutcome outcome = result.result();
              metrics.request(Transport.GRPC, Outcomes.tag(outcome));
              if (outcome instanceof ExportOutcome.Accepted accepted) {
                response.end(success(accepted));
              } else {
                refuse(response, ((ExportOutcome.Refused) outcome).message());
              }
            });
  }

  static ExportTraceServiceResponse success(ExportOutcome.Accepted accepted) {
    ExportTraceServiceResponse.Builder response = ExportTraceServiceResponse.newBuilder();
    if (accepted.rejectedSpans() > 0) {
      response.setPartialSuccess(
          ExportTracePartialSuccess.newBuilder()
              .setRejectedSpans(accepted.rejectedSpans())
              .setErrorMessage(accepted.rejectionMessage()));
    }
    return response.build();
  }

  private void refuse(
      GrpcServerResponse<Buffer, ExportTraceServiceResponse> response, String message) {
    response.trailers().set(STATUS_DETAILS_TRAILER, statusDetails(message, retryAfter));
    response.status(GrpcStatus.UNAVAILABLE).statusMessage(message);
    response.end();
  }

  /** google.rpc.Status with RetryInfo, base64 without padding as gRPC sends binary metadata. */
  static String statusDetails(String message, Duration retryAfter) {
    RetryInfo retry =
        RetryInfo.newBuilder()
            .setRetryDelay(
                com.google.protobuf.Duration.newBuilder()
                    .setSeconds(HttpAnswer.retryAfterSeconds(retryAfter)))
            .build();
    Status status =
        Status.newBuilder()
            .setCode(Code.UNAVAILABLE.getNumber())
            .setMessage(message)
            .addDetails(Any.pack(retry))
            .build();
    return Base64.getEncoder().withoutPadding().encodeToString(status.toByteArray());
  }
}
