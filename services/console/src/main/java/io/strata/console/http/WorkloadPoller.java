package io.strata.console.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.console.config.ConsoleConfig;
import io.strata.console.core.ConsoleState;
import io.strata.events.json.StrataJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Fetches the latest window and baselines of the workloads with a live incident from the correlator
 * every {@code workload-poll-interval}, so the sparklines and the verification panel have a series
 * (the correlator keeps only each workload's last window). It asks for the workload's window
 * answer, never the full one, which for a large workload is megabytes the correlator would build
 * and this would parse on every poll.
 */
@ApplicationScoped
public class WorkloadPoller {

  private static final Logger LOG = Logger.getLogger(WorkloadPoller.class);

  @Inject ConsoleState state;
  @Inject ConsoleConfig config;
  @Inject Upstream upstream;
  @Inject Clock clock;
  private ScheduledExecutorService timer;

  void start(@Observes StartupEvent event) {
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "console-workload-poller");
              t.setDaemon(true);
              return t;
            });
    long period = Math.max(100, config.workloadPollInterval().toMillis());
    timer.scheduleWithFixedDelay(this::pollQuietly, period, period, TimeUnit.MILLISECONDS);
  }

  void stop(@Observes ShutdownEvent event) {
    if (timer != null) {
      timer.shutdownNow();
    }
  }

  private void pollQuietly() {
    try {
      poll();
    } catch (RuntimeException e) {
      // A failed round is retried next period; the page shows what it has.
      LOG.debugf("workload poll failed: %s", e.toString());
    }
  }

  void poll() {
    for (String key : state.workloadsToPoll(config.limits().polledWorkloads(), clock.instant())) {
      String[] parts = key.split("/", 3);
      if (parts.length < 3) {
        continue;
      }
      Upstream.Answer answer =
          upstream.correlator(
              "/api/workloads/"
                  + segment(parts[0])
                  + "/"
                  + segment(parts[1])
                  + "/"
                  + segment(parts[2])
                  + "/window");
      if (answer.status() != 200) {
        continue;
      }
      try {
        JsonNode body = StrataJson.mapper().readTree(answer.body());
        WorkloadJson.Detail detail = WorkloadJson.read(body);
        state.window(key, detail.window(), detail.baselines());
      } catch (IOException | RuntimeException e) {
        LOG.debugf("unreadable workload answer for %s: %s", key, e.toString());
      }
    }
  }

  private static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
