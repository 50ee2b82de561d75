package io.strata.e2e;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.awaitility.core.ConditionTimeoutException;

/**
 * What the running correlator has learnt about a workload's latency, read from its query API with
 * the %local viewer token: whether a baseline exists, and a wait for one that says why on timeout.
 */
final class CorrelatorBaselines {

  private final Map<String, ServiceProcess> services;
  private final String instance;

  /**
   * @param services the running system's services by name (a live view, read when asked)
   * @param instance the correlator instance asked (any instance answers for all of them)
   */
  CorrelatorBaselines(Map<String, ServiceProcess> services, String instance) {
    this.services = services;
    this.instance = instance;
  }

  /** Whether the correlator has learnt a baseline for {@code namespace/workload}. */
  boolean has(String workload) {
    return !modelVersions(workload).isEmpty();
  }

  /**
   * The model_versions of {@code namespace/workload} that have a baseline, as the instance answers
   * them; empty unless it answers 200.
   */
  Set<String> modelVersions(String workload) {
    JsonNode detail = Http.getJson(workloadUrl(workload), StrataSystem.CORRELATOR_TOKEN);
    Set<String> versions = new TreeSet<>();
    if (detail != null) {
      detail.path("baselines").fieldNames().forEachRemaining(versions::add);
    }
    return versions;
  }

  /**
   * Waits until the correlator has a baseline for {@code namespace/workload} and prints how long
   * that took (the margin a slower box has); a timeout says what the correlator answered about the
   * workload and what every service was doing.
   */
  void waitFor(String workload, Duration atMost) {
    long start = System.nanoTime();
    try {
      await("a baseline of " + workload)
          .atMost(atMost)
          .pollInterval(Duration.ofMillis(250))
          .until(() -> has(workload));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          e.getMessage()
              + "\nthe correlator about "
              + workload
              + ": "
              + answer(workload)
              + "\n"
              + SystemDiagnosis.of(services),
          e);
    }
    System.out.printf(
        "e2e: a baseline of %s after %d s%n",
        workload, Duration.ofNanos(System.nanoTime() - start).toSeconds());
  }

  /** The correlator's answer about a workload as it came, or why there was none. */
  private String answer(String workload) {
    try {
      HttpResponse<String> detail = Http.get(workloadUrl(workload), StrataSystem.CORRELATOR_TOKEN);
      return "(" + detail.statusCode() + ") " + SystemDiagnosis.abbreviated(detail.body(), 3000);
    } catch (RuntimeException e) {
      return "no answer: " + e;
    }
  }

  private String workloadUrl(String workload) {
    return services.get(instance).baseUrl()
        + "/api/workloads/"
        + StrataSystem.CLUSTER
        + "/"
        + workload;
  }
}
