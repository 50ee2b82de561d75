package io.strata.traceingest.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.collector.trace.v1.TraceServiceGrpc;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.traceingest.receiver.ReceiverServers;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;
import io.vertx.grpc.client.GrpcClientResponse;
import io.vertx.grpc.common.GrpcMessageDecoder;
import io.vertx.grpc.common.GrpcMessageEncoder;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.ServiceMethod;
import io.vertx.grpc.common.ServiceName;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Bytes no SDK exporter sends, over real gRPC: the receiver answers with a status, never hangs. */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class RawGrpcTest {

  private static final ServiceMethod<Buffer, Buffer> EXPORT_RAW =
      ServiceMethod.client(
          ServiceName.create(TraceServiceGrpc.SERVICE_NAME),
          "Export",
          GrpcMessageEncoder.IDENTITY,
          GrpcMessageDecoder.IDENTITY);

  @Inject ReceiverServers servers;
  @Inject Vertx vertx;

  @Test
  void malformedMessageIsInvalidArgument() throws Exception {
    GrpcClientResponse<Buffer, Buffer> response =
        send(Buffer.buffer(new byte[] {0x0a, 0x10, 0x01}));
    assertThat(response.status()).isEqualTo(GrpcStatus.INVALID_ARGUMENT);
    assertThat(response.statusMessage())
        .startsWith("not an OTLP ExportTraceServiceRequest in protobuf");
  }

  @Test
  void oversizedMessageIsResourceExhausted() throws Exception {
    GrpcClientResponse<Buffer, Buffer> response = send(Buffer.buffer(new byte[300 * 1024]));
    assertThat(response.status()).isEqualTo(GrpcStatus.RESOURCE_EXHAUSTED);
  }

  private GrpcClientResponse<Buffer, Buffer> send(Buffer message) throws Exception {
    GrpcClient client = GrpcClient.client(vertx);
    try {
      return client
          .request(SocketAddress.inetSocketAddress(servers.grpcPort(), "localhost"), EXPORT_RAW)
          .compose(request -> request.send(message))
          .compose(
              response -> response.end().transform(ignored -> Future.succeededFuture(response)))
          .toCompletionStage()
          .toCompletableFuture()
          .get(15, TimeUnit.SECONDS);
    } finally {
      client.close();
    }
  }
}
