package io.strata.correlator.api;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** What each workload is doing (the on-call path's step 4) and what it knows about it. */
@Path("/api/workloads")
@Produces(MediaType.APPLICATION_JSON)
public class WorkloadResource {

  @Inject CorrelatorQueries queries;

  /**
   * @param scope {@code local}: only this instance's workloads
   */
  @GET
  public String list(@QueryParam("scope") String scope) {
    return StrataJsonBody.write(queries.workloads("local".equals(scope)));
  }

  /**
   * One page of the workload's GPUs and pods ({@link DetailPage}): {@code view.gpus_next} and
   * {@code view.pods_next} are the cursors of the next.
   *
   * @param limit at most this many GPUs and this many pods (1..5000, default 500)
   * @param gpusLimit the GPUs' own limit (0..5000, default {@code limit}; 0 while paging the pods)
   * @param podsLimit the pods' own limit (0..5000, default {@code limit}; 0 while paging the GPUs)
   * @param gpusAfter the GPUs after this UUID (a previous answer's {@code gpus_next})
   * @param podsAfter the pods after this key (a previous answer's {@code pods_next})
   * @param scope {@code local}: answer from this instance's stores, never forward
   */
  @GET
  @Path("/{cluster}/{namespace}/{workload}")
  public String get(
      @PathParam("cluster") String cluster,
      @PathParam("namespace") String namespace,
      @PathParam("workload") String workload,
      @QueryParam("limit") String limit,
      @QueryParam("gpus-limit") String gpusLimit,
      @QueryParam("pods-limit") String podsLimit,
      @QueryParam("gpus-after") String gpusAfter,
      @QueryParam("pods-after") String podsAfter,
      @QueryParam("scope") String scope) {
    return queries.workload(
        cluster,
        namespace,
        workload,
        DetailPage.parse(limit, gpusLimit, podsLimit, gpusAfter, podsAfter),
        "local".equals(scope));
  }

  /**
   * The workload's counts, last window and baselines without its per-GPU and per-pod maps: for
   * pollers such as the console's sparklines (a 5,000-GPU workload's full answer is megabytes).
   *
   * @param scope {@code local}: answer from this instance's stores, never forward
   */
  @GET
  @Path("/{cluster}/{namespace}/{workload}/window")
  public String window(
      @PathParam("cluster") String cluster,
      @PathParam("namespace") String namespace,
      @PathParam("workload") String workload,
      @QueryParam("scope") String scope) {
    return queries.workloadWindow(cluster, namespace, workload, "local".equals(scope));
  }
}
