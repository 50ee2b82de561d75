package io.strata.remediator.health;

import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when the Kubernetes API answers the GPU node census the blast-radius guard needs. */
@Readiness
@ApplicationScoped
public class KubernetesApiReadiness implements HealthCheck {

  @Inject TargetGateway gateway;

  @Override
  public HealthCheckResponse call() {
    try {
      TargetGateway.NodeCensus census = gateway.gpuNodes();
      return HealthCheckResponse.named("kubernetes-api")
          .up()
          .withData("gpu_nodes", census.total())
          .withData("unschedulable_gpu_nodes", census.unschedulable())
          .build();
    } catch (TargetException e) {
      return HealthCheckResponse.named("kubernetes-api")
          .down()
          .withData("reason", e.reason().name())
          .build();
    }
  }
}
