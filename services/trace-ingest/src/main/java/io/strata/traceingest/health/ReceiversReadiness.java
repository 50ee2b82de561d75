package io.strata.traceingest.health;

import io.strata.traceingest.receiver.ReceiverServers;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when both OTLP listeners are bound. */
@Readiness
@Singleton
public class ReceiversReadiness implements HealthCheck {

  private final ReceiverServers servers;

  ReceiversReadiness(ReceiverServers servers) {
    this.servers = servers;
  }

  @Override
  public HealthCheckResponse call() {
    int http = servers.httpPort();
    int grpc = servers.grpcPort();
    return HealthCheckResponse.named("otlp-receivers")
        .status(http > 0 && grpc > 0)
        .withData("http_port", http)
        .withData("grpc_port", grpc)
        .build();
  }
}
