package io.strata.correlator.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.strata.correlator.core.incident.WorkloadActivity;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.WorkloadView;
import io.strata.correlator.streams.StoreNames;
import io.strata.events.incident.Incident;
import io.strata.events.json.StrataJson;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.ServiceUnavailableException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The answers of the REST API, across all instances: lists merge this instance's stores with every
 * other instance's local answer; one workload is answered by the instance that owns its key. Plain
 * Java so that a test can serve it from several Kafka Streams instances at once.
 */
public final class CorrelatorQueries {

  /** One line per workload. */
  public record WorkloadSummary(
      String workload, WorkloadActivity activity, int gpus, int pods, long lastWindowRequests) {}

  /**
   * One workload: its view (one {@link DetailPage} of its GPUs and pods), what it is doing and its
   * baselines per model_version.
   */
  public record WorkloadDetail(
      String workload,
      WorkloadActivity activity,
      DetailView view,
      Map<String, Baseline> baselines) {}

  /**
   * One workload without its per-GPU and per-pod maps: what a poller needs for a series (the
   * console's sparklines and verification panel). The full detail of a workload of 5,000 GPUs is
   * megabytes of JSON; this is its counts, its last window and its baselines, about 15 KB.
   */
  public record WorkloadWindow(
      String workload,
      WorkloadActivity activity,
      int gpus,
      int pods,
      WindowStats lastWindow,
      Map<String, Baseline> baselines) {}

  private final LocalStores local;
  private final InstanceRouter router;
  private final Duration idleAfter;
  private final int baselineWarmup;
  private final Clock clock;

  /**
   * @param idleAfter a workload without a window for this long is IDLE
   * @param baselineWarmup healthy windows before a baseline is shown
   */
  public CorrelatorQueries(
      LocalStores local,
      InstanceRouter router,
      Duration idleAfter,
      int baselineWarmup,
      Clock clock) {
    this.local = local;
    this.router = router;
    this.idleAfter = idleAfter;
    this.baselineWarmup = baselineWarmup;
    this.clock = clock;
  }

  /** Every incident (latest version), newest update first; {@code localOnly}: this instance's. */
  public List<Incident> incidents(boolean localOnly) {
    List<Incident> all = new ArrayList<>(local.incidents());
    if (!localOnly) {
      for (HostInfo host :
          router.otherInstances(StoreNames.DEVICE_INCIDENTS, StoreNames.REQUEST_INCIDENTS)) {
        all.addAll(
            Arrays.asList(
                read(router.fetch(host, "/api/incidents?scope=local"), Incident[].class)));
      }
    }
    all.sort(
        Comparator.comparing(Incident::updatedAt, Comparator.nullsLast(Comparator.reverseOrder()))
            .thenComparing(Incident::incidentId));
    return all;
  }

  public Optional<Incident> incident(String incidentId) {
    return incidents(false).stream().filter(i -> i.incidentId().equals(incidentId)).findFirst();
  }

  /** One line per workload, ordered by workload key. */
  public List<WorkloadSummary> workloads(boolean localOnly) {
    List<WorkloadSummary> all = new ArrayList<>();
    local
        .workloads()
        .forEach(
            (key, view) ->
                all.add(
                    new WorkloadSummary(
                        key,
                        activity(view),
                        view.gpus().size(),
                        view.pods().size(),
                        view.lastWindow() == null ? 0 : view.lastWindow().requests())));
    if (!localOnly) {
      for (HostInfo host : router.otherInstances(StoreNames.WORKLOADS)) {
        all.addAll(
            Arrays.asList(
                read(router.fetch(host, "/api/workloads?scope=local"), WorkloadSummary[].class)));
      }
    }
    all.sort(Comparator.comparing(WorkloadSummary::workload));
    return all;
  }

  /**
   * One workload as JSON, {@code page} of its GPUs and pods, from the instance that owns it; 404
   * when nobody knows it.
   */
  public String workload(
      String cluster, String namespace, String workload, DetailPage page, boolean localOnly) {
    return fromOwner(
        cluster,
        namespace,
        workload,
        "",
        page.query(),
        localOnly,
        (key, view) ->
            new WorkloadDetail(key, activity(view), DetailView.of(view, page), baselines(key)));
  }

  /**
   * One workload's {@link WorkloadWindow} as JSON, from the instance that owns it; 404 likewise.
   */
  public String workloadWindow(
      String cluster, String namespace, String workload, boolean localOnly) {
    return fromOwner(
        cluster,
        namespace,
        workload,
        "/window",
        "",
        localOnly,
        (key, view) ->
            new WorkloadWindow(
                key,
                activity(view),
                view.gpus().size(),
                view.pods().size(),
                view.lastWindow(),
                baselines(key)));
  }

  /**
   * A workload's answer: fetched from the instance that owns the key at {@code
   * /api/workloads/{cluster}/{namespace}/{workload}} + {@code subPath} (WorkloadResource's paths)
   * with {@code query} ({@code &...}) after {@code ?scope=local}, or, when this instance owns it
   * (or {@code localOnly}), {@code shape} of its local view as JSON.
   */
  private String fromOwner(
      String cluster,
      String namespace,
      String workload,
      String subPath,
      String query,
      boolean localOnly,
      BiFunction<String, WorkloadView, Object> shape) {
    String key = cluster + "/" + namespace + "/" + workload;
    Optional<HostInfo> owner =
        localOnly ? Optional.empty() : router.ownerOf(StoreNames.WORKLOADS, key);
    if (owner.isPresent()) {
      return router.fetch(
          owner.get(),
          "/api/workloads/"
              + encoded(cluster)
              + "/"
              + encoded(namespace)
              + "/"
              + encoded(workload)
              + subPath
              + "?scope=local"
              + query);
    }
    WorkloadView view = local.workload(key);
    if (view == null) {
      throw new NotFoundException("no workload " + key);
    }
    return StrataJsonBody.write(shape.apply(key, view));
  }

  /** The workload's baselines per model_version, those past their warm-up. */
  private Map<String, Baseline> baselines(String key) {
    Map<String, Baseline> baselines = new LinkedHashMap<>();
    for (Map.Entry<String, BaselineTracker> entry : local.baselines(key).entrySet()) {
      entry.getValue().baseline(baselineWarmup).ifPresent(b -> baselines.put(entry.getKey(), b));
    }
    return baselines;
  }

  private WorkloadActivity activity(WorkloadView view) {
    return WorkloadActivity.explain(view, clock.instant(), idleAfter);
  }

  /** A path segment or query value, percent-encoded (a space as %20, not +). */
  static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static <T> T read(String body, Class<T> type) {
    try {
      return StrataJson.mapper().readValue(body, type);
    } catch (JsonProcessingException e) {
      throw new ServiceUnavailableException(
          "another instance answered something unreadable: " + e.getOriginalMessage(), 5L);
    }
  }
}
