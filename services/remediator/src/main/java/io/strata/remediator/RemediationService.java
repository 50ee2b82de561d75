package io.strata.remediator;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.Decision;
import io.strata.remediator.core.IncidentIntake;
import io.strata.remediator.core.RebuildAttempts;
import io.strata.remediator.core.RemediationEngine;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.guard.LeaderTerm;
import io.strata.remediator.core.guard.PauseControl;
import io.strata.remediator.core.guard.PauseState;
import io.strata.remediator.core.plan.ClusterFilter;
import io.strata.remediator.core.review.Notifier;
import io.strata.remediator.kafka.JournalRebuilder;
import io.strata.remediator.kafka.KafkaActionJournal;
import io.strata.remediator.kube.Leadership;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Wires the core to the outside: incidents in, decisions from Slack and REST, executions on one
 * thread (so executions, retries, deadline ticks and recovery never interleave), outcomes out.
 */
@ApplicationScoped
public class RemediationService {

  private static final Logger LOG = Logger.getLogger(RemediationService.class);

  /** The commands a person can give about one action. */
  public enum Command {
    APPROVE,
    REJECT,
    UNDO
  }

  @Inject RemediationEngine engine;
  @Inject ActionExecutor executor;
  @Inject Optional<Leadership> leadership;
  @Inject LeaderTerm term;
  @Inject KafkaActionJournal journal;
  @Inject JournalRebuilder rebuilder;
  @Inject Notifier notifier;
  @Inject RemediatorConfig config;
  @Inject MeterRegistry registry;
  @Inject PauseControl pause;

  private ClusterFilter clusters;
  private IncidentIntake intake;
  private RebuildAttempts rebuilds;
  private ActionRuns runs;

  private final CountDownLatch ready = new CountDownLatch(1);
  private final ScheduledExecutorService worker =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "strata-remediator-executor");
            t.setDaemon(true);
            return t;
          });

  /** Before any incident can arrive: the follower may start reading before onStart runs. */
  @PostConstruct
  void init() {
    clusters = new ClusterFilter(config.cluster());
    rebuilds = new RebuildAttempts(config.rebuildBackoff(), config.rebuildMaxBackoff());
    runs =
        new ActionRuns(
            worker,
            executor,
            journal,
            engine,
            notifier,
            registry,
            config.execution().retryBackoff());
    intake =
        new IncidentIntake(
            term,
            worker,
            incident -> {
              if (ours(incident)) {
                runs.submitAll(engine.onIncident(incident));
              }
            },
            dropped -> registry.counter("strata.remediator.standby.incidents").increment());
  }

  void onStart(@Observes StartupEvent event) {
    long tick = config.execution().tickInterval().toMillis();
    worker.scheduleWithFixedDelay(this::tickNow, tick, tick, TimeUnit.MILLISECONDS);
    if (leadership.isEmpty()) {
      worker.execute(this::recoverNow);
      return;
    }
    Leadership lease = leadership.get();
    lease.start(
        new TakeoverListener(term, lease.identity(), worker, this::rebuildIfNeeded, registry));
    // Neither callback within a Lease duration (the API unreachable): rebuild as a standby.
    worker.schedule(
        this::rebuildIfNeeded,
        config.leaderElection().leaseDuration().toMillis(),
        TimeUnit.MILLISECONDS);
  }

  void onStop(@Observes ShutdownEvent event) {
    leadership.ifPresent(Leadership::close);
    worker.shutdownNow();
  }

  public boolean isReady() {
    return ready.getCount() == 0;
  }

  /**
   * Whether this instance is the active remediator: it holds the Lease (or election is off) and its
   * memory was rebuilt since it acquired it.
   */
  public boolean isActive() {
    return term.active();
  }

  /** Failed rebuild attempts since the last success. */
  public int rebuildFailures() {
    return rebuilds.failures();
  }

  /** Why the last rebuild failed, while it has not succeeded since. */
  public Optional<String> lastRebuildError() {
    return rebuilds.lastError();
  }

  /**
   * Rebuilds the remediator's memory from Kafka and resumes every approved or executing action, as
   * at startup. Runs on the execution thread and waits for it.
   */
  public void recover() {
    await(worker.submit(this::recoverNow));
  }

  /** Runs the deadline check now (it also runs every tick-interval). */
  public void tick() {
    await(worker.submit(this::tickNow));
  }

  /**
   * Queues one incident revision for the execution thread and returns at once (see {@link
   * IncidentIntake}: only the active instance acts, any other leaves it to its next rebuild).
   * {@code onFailure} gets what the processing throws.
   */
  public void onIncident(Incident incident, Consumer<RuntimeException> onFailure) {
    intake.offer(incident, onFailure);
  }

  /** Whether the incident is of this remediator's cluster; another's is counted and logged once. */
  private boolean ours(Incident incident) {
    ClusterFilter.Verdict verdict = clusters.judge(incident);
    if (verdict == ClusterFilter.Verdict.OURS) {
      return true;
    }
    String cluster = ClusterFilter.clusterOf(incident);
    registry.counter("strata.remediator.foreign.incidents", "cluster", cluster).increment();
    if (verdict == ClusterFilter.Verdict.FOREIGN_FIRST) {
      LOG.warnf(
          "ignoring incidents of cluster %s (this remediator acts on %s only); first: %s",
          cluster, config.cluster(), incident.incidentId());
    }
    return false;
  }

  /**
   * A person's decision. {@code shownPatchHash}: the SHA-256 of the patch the approver was shown,
   * when the channel carries it (an approval is then refused if the proposal's patch differs).
   */
  public Decision decide(
      Command command,
      String actionId,
      String principal,
      ApprovalChannel channel,
      Optional<String> shownPatchHash,
      Optional<String> responseUrl) {
    awaitReady();
    // Only the active instance accepts a decision: a standby's or a rebuilding leader's write
    // could be missed by the rebuild that makes the next leader active.
    if (!term.active()) {
      return new Decision(
          Decision.Outcome.NOT_LEADER,
          Optional.empty(),
          term.takingOver()
              ? "this remediator just took the Lease and is rebuilding its memory (retry in a"
                  + " few seconds)"
              : "this remediator is a standby; the one holding the Lease decides (retry)");
    }
    Decision decision =
        switch (command) {
          case APPROVE -> engine.approve(actionId, principal, channel, shownPatchHash);
          case REJECT -> engine.reject(actionId, principal, channel);
          case UNDO -> engine.undo(actionId, principal, channel);
        };
    registry
        .counter("strata.remediator.decisions", "outcome", decision.outcome().name())
        .increment();
    RemediationAction changed = decision.action().orElse(null);
    if (decision.outcome() == Decision.Outcome.APPROVED) {
      runs.submit(changed.actionId(), responseUrl);
    } else if (decision.outcome() == Decision.Outcome.REJECTED
        || decision.outcome() == Decision.Outcome.EXPIRED) {
      runs.announce(changed, responseUrl);
    } else if (decision.outcome() == Decision.Outcome.PENDING) {
      // Find out whether the broker has the approval: the rebuild resumes it if it does.
      worker.execute(this::recoverNow);
    }
    return decision;
  }

  /**
   * One rebuild per term: skipped when one begun since the last acquisition already succeeded (an
   * instance that won the Lease at once rebuilds once, not twice).
   */
  private void rebuildIfNeeded() {
    if (term.rebuildDue()) {
      recoverNow();
    }
  }

  private void recoverNow() {
    rebuilds.attempt(
        this::rebuildOnce,
        (delay, e) -> {
          // Never stuck: retried with a doubling backoff, counted and shown in readiness.
          registry.counter("strata.remediator.rebuild.failures").increment();
          LOG.errorf(
              e, "could not rebuild the remediator's state from Kafka; retry in %d ms", delay);
          worker.schedule(this::recoverNow, delay, TimeUnit.MILLISECONDS);
        });
  }

  private void rebuildOnce() {
    long rebuildingIn = term.current();
    // The persisted pause first: a standby taking over inherits who paused and when, and a
    // store it cannot read fails the rebuild, which is retried like any other failure.
    PauseState paused = pause.restore();
    LOG.infof(
        "pause switch %s (by %s at %s)", paused.paused() ? "ON" : "off", paused.by(), paused.at());
    AtomicReference<JournalRebuilder.Memory> read = new AtomicReference<>();
    journal.rebuildStore(
        () -> {
          read.set(rebuilder.rebuild());
          return read.get().store();
        });
    JournalRebuilder.Memory memory = read.get();
    memory.reviewed().forEach(engine::markReviewed);
    term.rebuilt(rebuildingIn);
    ready.countDown();
    if (!term.active()) {
      // A standby only reads; the leader proposes and resumes (a term begun during this
      // rebuild has its own queued).
      return;
    }
    for (Incident incident : memory.incidents()) {
      if (ours(incident)) {
        runs.submitAll(engine.restore(incident));
      }
    }
    for (RemediationAction action : journal.store().all()) {
      if (action.state() == ActionState.APPROVED || action.state() == ActionState.EXECUTING) {
        LOG.infof("resuming %s (%s)", action.actionId(), action.state());
        runs.submit(action.actionId(), Optional.empty());
      }
    }
  }

  private void tickNow() {
    if (isReady() && term.active()) {
      try {
        runs.submitAll(engine.tick());
      } catch (RuntimeException e) {
        LOG.error("deadline check failed; retrying at the next tick", e);
      }
    }
  }

  private void awaitReady() {
    try {
      if (!ready.await(config.rebuildTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("the remediator's state is not rebuilt yet");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the rebuild", e);
    }
  }

  private static void await(Future<?> future) {
    try {
      future.get(5, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }
}
