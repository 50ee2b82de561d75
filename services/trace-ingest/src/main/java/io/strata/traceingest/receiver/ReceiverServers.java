package io.strata.traceingest.receiver;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.traceingest.config.TraceIngestConfig;
import io.strata.traceingest.otlp.OtlpRequestDecoder;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.tracing.TracingPolicy;
import io.vertx.grpc.server.GrpcServer;
import io.vertx.grpc.server.GrpcServerOptions;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;

/**
 * Starts the OTLP/HTTP and OTLP/gRPC listeners on their own ports, apart from the management HTTP
 * port (/q/health, /q/metrics); the HTTP listener also takes Alertmanager's webhook (ADR 051). Both
 * use TracingPolicy.IGNORE: receiving spans must not create spans, or a service exporting to itself
 * would feed itself forever.
 */
@Singleton
public class ReceiverServers {

  private static final Logger LOG = Logger.getLogger(ReceiverServers.class);

  private final Vertx vertx;
  private final TraceIngestConfig config;
  private final ExportPipeline pipeline;
  private final OtlpRequestDecoder decoder;
  private final TraceIngestMetrics metrics;
  private final AlertmanagerHandler alertmanager;
  private volatile HttpServer http;
  private volatile HttpServer grpc;

  ReceiverServers(
      Vertx vertx,
      TraceIngestConfig config,
      ExportPipeline pipeline,
      OtlpRequestDecoder decoder,
      TraceIngestMetrics metrics,
      AlertmanagerHandler alertmanager) {
    this.vertx = vertx;
    this.config = config;
    this.pipeline = pipeline;
    this.decoder = decoder;
    this.metrics = metrics;
    this.alertmanager = alertmanager;
  }

  void start(@Observes StartupEvent event) {
    TraceIngestConfig.Receiver receiver = config.receiver();
    OtlpHttpHandler httpHandler =
        new OtlpHttpHandler(vertx, pipeline, decoder, metrics, receiver.retryAfter());
    boolean alerts = config.alertmanager().enabled();
    ReceiverRoutes routes = new ReceiverRoutes(httpHandler, alerts ? alertmanager : null);
    http = listen(vertx.createHttpServer(options(receiver.httpPort())).requestHandler(routes));
    GrpcServer grpcServer =
        new OtlpGrpcHandler(vertx, pipeline, metrics, receiver.retryAfter())
            .register(
                GrpcServer.server(
                    vertx, new GrpcServerOptions().setMaxMessageSize(receiver.maxBodyBytes())));
    grpc = listen(vertx.createHttpServer(options(receiver.grpcPort())).requestHandler(grpcServer));
    LOG.infof(
        "OTLP receivers listening: HTTP %s:%d%s, gRPC %s:%d; Alertmanager webhook %s",
        receiver.host(),
        http.actualPort(),
        OtlpHttpHandler.TRACES_PATH,
        receiver.host(),
        grpc.actualPort(),
        alerts ? "on HTTP " + AlertmanagerHandler.PATH : "disabled");
  }

  void stop(@Observes ShutdownEvent event) {
    close(http);
    close(grpc);
  }

  /** The bound OTLP/HTTP port (differs from the configured one when that is 0); -1 if not up. */
  public int httpPort() {
    HttpServer server = http;
    return server == null ? -1 : server.actualPort();
  }

  /** The bound OTLP/gRPC port; -1 if not up. */
  public int grpcPort() {
    HttpServer server = grpc;
    return server == null ? -1 : server.actualPort();
  }

  private HttpServerOptions options(int port) {
    return new HttpServerOptions()
        .setHost(config.receiver().host())
        .setPort(port)
        .setHandle100ContinueAutomatically(true)
        .setTracingPolicy(TracingPolicy.IGNORE);
  }

  private static HttpServer listen(HttpServer server) {
    return await(server.listen(), "listen");
  }

  private static void close(HttpServer server) {
    if (server != null) {
      await(server.close(), "close");
    }
  }

  private static <T> T await(Future<T> future, String what) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during OTLP receiver " + what, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("OTLP receiver " + what + " failed: " + e.getMessage(), e);
    }
  }
}
