package io.strata.correlator.api;

import io.strata.correlator.baseline.Baseline;
import io.strata.correlator.baseline.BaselineTracker;
import io.strata.correlator.classify.WorkloadActivity;
import io.strata.correlator.config.CorrelatorConfig;
import io.strata.correlator.state.WorkloadView;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What each workload is doing (the on-call path's step 4) and what it knows about it. */
@Path("/api/workloads")
@Produces(MediaType.APPLICATION_JSON)
public class WorkloadResource {

  /** One line per workload. */
  public record Summary(
      String workload, WorkloadActivity activity, int gpus, int pods, long lastWindowRequests) {}

  /** One workload in full: its view, what it is doing and its baselines per model_version. */
  public record Detail(
      String workload,
      WorkloadActivity activity,
      WorkloadView view,
      Map<String, Baseline> baselines) {}

  @Inject StoreQueries queries;
  @Inject CorrelatorConfig config;
  @Inject Clock clock;

  @GET
  public String list() {
    List<Summary> summaries =
        queries.workloads().entrySet().stream()
            .map(
                e ->
                    new Summary(
                        e.getKey(),
                        activity(e.getValue()),
                        e.getValue().gpus().size(),
                        e.getValue().pods().size(),
                        e.getValue().lastWindow() == null
                            ? 0
                            : e.getValue().lastWindow().requests()))
            .toList();
    return StrataJsonBody.write(summaries);
  }

  @GET
  @Path("/{cluster}/{namespace}/{workload}")
  public String get(
      @PathParam("cluster") String cluster,
      @PathParam("namespace") String namespace,
      @PathParam("workload") String workload) {
    String key = cluster + "/" + namespace + "/" + workload;
    WorkloadView view = queries.workload(key);
    if (view == null) {
      throw new NotFoundException("no workload " + key);
    }
    int warmup = config.regression().baselineWarmup();
    Map<String, Baseline> baselines = new LinkedHashMap<>();
    for (Map.Entry<String, BaselineTracker> entry : queries.baselines(key).entrySet()) {
      entry.getValue().baseline(warmup).ifPresent(b -> baselines.put(entry.getKey(), b));
    }
    return StrataJsonBody.write(new Detail(key, activity(view), view, baselines));
  }

  private WorkloadActivity activity(WorkloadView view) {
    Duration quiet = config.windows().size().multipliedBy(2);
    return WorkloadActivity.explain(view, clock.instant(), quiet);
  }
}
