package io.strata.remediator.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.policy.PolicyException;
import io.strata.remediator.core.policy.PolicyParser;
import io.strata.remediator.core.policy.RemediationPolicy;
import io.strata.remediator.core.policy.backtest.Backtest;
import io.strata.remediator.core.policy.backtest.BacktestReport;
import io.strata.remediator.kafka.IncidentHistory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.KafkaException;

/**
 * Runs a draft policy's backtest for {@code POST /api/policy/test}: the incidents read back from
 * strata.incidents.v1, this remediator's own verified journal, the GPU node census and each node's
 * labels from the cluster, the guards as configured; one backtest at a time.
 */
@ApplicationScoped
public class PolicyBacktests {

  static final Duration DEFAULT_PERIOD = Duration.ofDays(7);
  static final Duration MAX_PERIOD = Duration.ofDays(30);
  private static final Pattern SHORT = Pattern.compile("(\\d{1,6})([dh])");

  /** Why no report: the HTTP status and the body's reason, rule (or null) and message. */
  public static final class Refused extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String reason;
    private final String rule;

    Refused(int status, String reason, String rule, String message) {
      super(message);
      this.status = status;
      this.reason = reason;
      this.rule = rule;
    }

    int status() {
      return status;
    }

    Map<String, Object> body() {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("reason", reason);
      body.put("rule", rule);
      body.put("message", getMessage());
      return body;
    }
  }

  @Inject ActionJournal journal;
  @Inject TargetGateway gateway;
  @Inject RemediatorConfig config;
  @Inject IncidentHistory history;
  @Inject Clock clock;

  private final AtomicBoolean running = new AtomicBoolean();

  /**
   * @param since {@code 7d}, {@code 12h} or an ISO-8601 duration ({@code P7D}, {@code PT12H}); null
   *     for 7 days
   */
  public BacktestReport run(String document, String since) throws Refused {
    Duration period = period(since);
    RemediationPolicy draft;
    try {
      draft = PolicyParser.parse(document);
    } catch (PolicyException e) {
      throw new Refused(400, e.problem().name(), e.rule(), e.getMessage());
    }
    if (!running.compareAndSet(false, true)) {
      throw new Refused(429, "BACKTEST_RUNNING", null, "a backtest is already running; retry");
    }
    try {
      return backtest(draft, period);
    } finally {
      running.set(false);
    }
  }

  private BacktestReport backtest(RemediationPolicy draft, Duration period) throws Refused {
    Instant until = clock.instant();
    IncidentHistory.Read incidents;
    try {
      incidents = history.read();
    } catch (KafkaException | IllegalStateException e) {
      throw new Refused(503, "INCIDENTS_UNREADABLE", null, e.getMessage());
    }
    TargetGateway.NodeCensus census;
    Map<String, Map<String, String>> labels = new HashMap<>();
    try {
      census = gateway.gpuNodes();
      for (String node : census.names()) {
        labels.put(node, labels(gateway.read(TargetGateway.node(node))));
      }
    } catch (TargetException e) {
      throw new Refused(503, "CLUSTER_UNREADABLE", null, e.getMessage());
    }
    BacktestReport report =
        Backtest.run(
            draft,
            incidents.incidents(),
            journal.store(),
            census,
            labels,
            guards(config),
            config.recovery().temporaryActions(),
            until.minus(period),
            until);
    if (incidents.limited()) {
      report =
          report.withNote(
              "only the newest records of strata.incidents.v1 were read"
                  + " (strata.remediator.policy.backtest-max-incidents="
                  + config.policy().backtestMaxIncidents()
                  + "): steps of older incidents are skipped");
    }
    return report;
  }

  /** The period back from now: Nd, Nh or ISO-8601, more than zero and at most 30 days. */
  static Duration period(String since) throws Refused {
    if (since == null || since.isBlank()) {
      return DEFAULT_PERIOD;
    }
    String text = since.strip().toLowerCase(Locale.ROOT);
    Duration period;
    Matcher m = SHORT.matcher(text);
    try {
      if (m.matches()) {
        long n = Long.parseLong(m.group(1));
        period = m.group(2).equals("d") ? Duration.ofDays(n) : Duration.ofHours(n);
      } else {
        period = Duration.parse(text.toUpperCase(Locale.ROOT));
      }
    } catch (DateTimeParseException | ArithmeticException e) {
      throw badSince(since);
    }
    if (period.isNegative() || period.isZero() || period.compareTo(MAX_PERIOD) > 0) {
      throw badSince(since);
    }
    return period;
  }

  private static Refused badSince(String since) {
    return new Refused(
        400,
        "BAD_SINCE",
        null,
        "since must be like 7d, 12h or an ISO-8601 duration (P7D), more than zero and at most "
            + MAX_PERIOD.toDays()
            + " days, not "
            + since);
  }

  private static Map<String, String> labels(Optional<TargetObject> node) {
    Map<String, String> labels = new HashMap<>();
    if (node.isPresent()) {
      JsonNode found = node.get().body().path("metadata").path("labels");
      found.properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
    }
    return labels;
  }

  /** The guards as the executor has them (CoreProducer). */
  static GuardSettings guards(RemediatorConfig config) {
    RemediatorConfig.BlastRadius b = config.blastRadius();
    return new GuardSettings(
        b.maxNodes(),
        b.maxPercent(),
        b.window(),
        config.rateLimit().maxActions(),
        config.rateLimit().window(),
        b.gpuNodes(),
        b.poolLabel(),
        b.maxPodsOutOfTraffic(),
        b.maxPausedWorkloads());
  }
}
