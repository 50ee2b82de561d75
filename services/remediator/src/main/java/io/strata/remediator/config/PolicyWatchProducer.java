package io.strata.remediator.config;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.kube.PolicyConfigMapWatch;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Starts following the policy ConfigMap when one is configured; logs and counts every policy
 * applied or refused (strata_remediator_policy_loads_total{outcome, problem}).
 */
@Startup
@Singleton
public class PolicyWatchProducer {

  private static final Logger LOG = Logger.getLogger(PolicyWatchProducer.class);

  private final Optional<PolicyConfigMapWatch> watch;

  PolicyWatchProducer(
      RemediatorConfig config,
      KubernetesClient client,
      ActivePolicy policy,
      Clock clock,
      MeterRegistry registry) {
    RemediatorConfig.Policy settings = config.policy();
    this.watch =
        settings
            .configMap()
            .map(
                name -> {
                  String namespace =
                      settings
                          .namespace()
                          .or(() -> Optional.ofNullable(client.getNamespace()))
                          .orElse("default");
                  return new PolicyConfigMapWatch(
                      client,
                      namespace,
                      name,
                      settings.key(),
                      policy,
                      clock,
                      refusal -> report(policy, refusal, registry),
                      error -> {
                        LOG.warnf(
                            "the policy ConfigMap %s/%s cannot be read (%s); the policy in force"
                                + " (%s) stays, retrying",
                            namespace, name, error.getMessage(), policy.policy().version());
                        registry.counter("strata.remediator.policy.read.errors").increment();
                      });
                });
  }

  private static void report(
      ActivePolicy policy, Optional<ActivePolicy.Refusal> refusal, MeterRegistry registry) {
    if (refusal.isPresent()) {
      ActivePolicy.Refusal r = refusal.get();
      LOG.errorf(
          "remediation policy from %s refused (%s), the policy in force (%s) stays: %s",
          r.source(), r.problem(), policy.policy().version(), r.message());
      registry
          .counter(
              "strata.remediator.policy.loads", "outcome", "refused", "problem", r.problem().name())
          .increment();
      return;
    }
    ActivePolicy.InForce now = policy.inForce();
    LOG.infof(
        "remediation policy %s in force from %s: %d rule(s), default %s",
        now.policy().version(),
        now.source(),
        now.policy().rules().size(),
        now.policy().defaultMode());
    registry
        .counter("strata.remediator.policy.loads", "outcome", "applied", "problem", "")
        .increment();
  }

  void onStop(@Observes ShutdownEvent event) {
    watch.ifPresent(PolicyConfigMapWatch::close);
  }
}
