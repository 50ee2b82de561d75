package io.strata.k8swatcher.health;

import io.strata.k8swatcher.watch.Watcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once every informer has listed its objects: before that, the published state is partial and
 * a consumer would see pods without their nodes, claims without their devices.
 */
@Readiness
@ApplicationScoped
public class InformersReadiness implements HealthCheck {

  @Inject Watcher watcher;

  @Override
  public HealthCheckResponse call() {
    Map<String, Boolean> synced = watcher.synced();
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named("k8s-informers")
            .status(!synced.isEmpty() && synced.values().stream().allMatch(Boolean::booleanValue))
            .withData("dra", watcher.draVersion().name());
    synced.forEach((resource, ok) -> response.withData(resource, ok ? "synced" : "listing"));
    return response.build();
  }
}
