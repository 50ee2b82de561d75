package io.strata.remediator.config;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.ApprovalService;
import io.strata.remediator.core.ClusterPolicyGate;
import io.strata.remediator.core.EngineSettings;
import io.strata.remediator.core.PolicyGate;
import io.strata.remediator.core.RemediationEngine;
import io.strata.remediator.core.cluster.ApiVersions;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.guard.ActiveInstance;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.JournalTags;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.patch.PatchSettings;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.ClassPlans;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.core.review.Notifier;
import io.strata.remediator.core.review.ReviewSink;
import io.strata.remediator.kube.FabricDiscovery;
import io.strata.remediator.kube.FabricTargetGateway;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.jboss.logging.Logger;

/** Builds the pure core from the typed configuration. */
public class CoreProducer {

  private static final Logger LOG = Logger.getLogger(CoreProducer.class);

  /** Validated here, so an unusable template fails startup naming its key. */
  @Produces
  @Singleton
  LogLinks logLinks(RemediatorConfig config) {
    return LogLinks.of(
        "strata.remediator.log-links",
        config.logLinks().templates(),
        config.logLinks().windowMargin());
  }

  @Produces
  @Singleton
  PauseSwitch pauseSwitch(RemediatorConfig config) {
    return new PauseSwitch(config.paused());
  }

  @Produces
  @Singleton
  TargetGateway targetGateway(KubernetesClient client, RemediatorConfig config, Clock clock) {
    ApiVersions versions =
        FabricDiscovery.versions(
            client,
            clock,
            new ApiVersions.Settings(
                config.discovery().maxAge(), config.discovery().missRefresh()));
    return new FabricTargetGateway(
        client, versions, config.blastRadius().gpuNodeSelector(), config.blastRadius().poolLabel());
  }

  @Produces
  @Singleton
  PatchFactory patchFactory(RemediatorConfig config) {
    RemediatorConfig.Workloads w = config.workloads();
    return new PatchFactory(
        new PatchSettings(
            w.concurrencyFactor(),
            w.fallbackConcurrency(),
            w.scaleOutStep(),
            w.scaleDownStep(),
            w.readinessGate()));
  }

  /**
   * Created at startup, so a bad key, or verification keys that do not verify the signing key, fail
   * startup naming the setting.
   */
  @Produces
  @Singleton
  @Startup
  JournalTags journalTags(RemediatorConfig config) {
    RemediatorConfig.Signing s = config.signing();
    return JournalTags.of(s.keyId(), s.privateKey(), s.verificationKeys(), s.legacyHmacKey());
  }

  @Produces
  @Singleton
  ApprovalService approvalService(ActionJournal journal, Clock clock, RemediatorConfig config) {
    return new ApprovalService(journal, clock, config.approval().ttl());
  }

  @Produces
  @Singleton
  ActionExecutor actionExecutor(
      ActionJournal journal,
      TargetGateway gateway,
      PatchFactory patches,
      PauseSwitch pause,
      RemediatorConfig config,
      Clock clock,
      ActiveInstance active) {
    GuardSettings guards =
        new GuardSettings(
            config.blastRadius().maxNodes(),
            config.blastRadius().maxPercent(),
            config.blastRadius().window(),
            config.rateLimit().maxActions(),
            config.rateLimit().window(),
            config.blastRadius().gpuNodes(),
            config.blastRadius().poolLabel(),
            config.blastRadius().maxPodsOutOfTraffic(),
            config.blastRadius().maxPausedWorkloads());
    return new ActionExecutor(
        journal, gateway, patches, new ExecutionGuards(guards, pause), clock, active);
  }

  @Produces
  @Singleton
  ActivePolicy activePolicy() {
    return new ActivePolicy();
  }

  @Produces
  @Singleton
  PolicyGate policyGate(
      ActivePolicy policy, TargetGateway gateway, Clock clock, MeterRegistry registry) {
    return new ClusterPolicyGate(
        policy,
        gateway,
        clock,
        (rule, e) -> {
          // The rule does not match; the operator learns why from the log and the counter.
          LOG.warnf(
              "policy rule %s failed to evaluate, treated as no match: %s",
              rule.name(), e.getMessage());
          registry
              .counter("strata.remediator.policy.match.errors", "rule", rule.name())
              .increment();
        });
  }

  @Produces
  @Singleton
  RemediationEngine remediationEngine(
      ActionJournal journal,
      TargetGateway gateway,
      PatchFactory patches,
      ApprovalService approvals,
      Notifier notifier,
      ReviewSink reviews,
      RemediatorConfig config,
      Clock clock,
      LogLinks logLinks,
      PolicyGate policy) {
    EngineSettings settings =
        new EngineSettings(
            config.execution().maxAttempts(),
            config.dryRun(),
            config.recovery().temporaryActions(),
            config.recovery().undoMode(),
            config.recovery().deadline(),
            config.recovery().onDeadline());
    return new RemediationEngine(
        journal,
        new ActionPlanner(new ClassPlans(config.plans())),
        gateway,
        patches,
        approvals,
        notifier,
        reviews,
        settings,
        clock,
        logLinks,
        policy);
  }
}
