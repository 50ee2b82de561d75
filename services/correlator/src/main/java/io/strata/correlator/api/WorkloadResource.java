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
   * @param scope {@code local}: answer from this instance's stores, never forward
   */
  @GET
  @Path("/{cluster}/{namespace}/{workload}")
  public String get(
      @PathParam("cluster") String cluster,
      @PathParam("namespace") String namespace,
      @PathParam("workload") String workload,
      @QueryParam("scope") String scope) {
    return queries.workload(cluster, namespace, workload, "local".equals(scope));
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
