package io.strata.remediator.health;

import io.strata.remediator.RemediationService;
import io.strata.remediator.core.journal.ActionJournal;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the action history is read back from Kafka: before that, approvals could repeat. */
@Readiness
@ApplicationScoped
public class JournalReadiness implements HealthCheck {

  @Inject RemediationService service;
  @Inject ActionJournal journal;

  @Override
  public HealthCheckResponse call() {
    return HealthCheckResponse.named("remediation-journal")
        .status(service.isReady())
        .withData("actions", journal.store().size())
        .withData("active", service.isActive())
        .withData("rebuild_failures", service.rebuildFailures())
        .withData("last_rebuild_error", service.lastRebuildError().orElse("none"))
        .build();
  }
}
