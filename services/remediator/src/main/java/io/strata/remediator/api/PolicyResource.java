package io.strata.remediator.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.strata.events.json.StrataJson;
import io.strata.remediator.core.policy.ActivePolicy;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The remediation policy in force (docs/POLICY.md) and the backtest of a draft, for any
 * authenticated caller.
 */
@Path("/api/policy")
@BearerAuth
@Produces(MediaType.APPLICATION_JSON)
public class PolicyResource {

  @Inject ActivePolicy policy;
  @Inject PolicyBacktests backtests;

  @GET
  public Response inForce() {
    return json(Response.Status.OK.getStatusCode(), PolicyView.of(policy));
  }

  /**
   * The backtest of a draft policy (the body, YAML) over the incidents of the last {@code since}
   * (7d, 12h or ISO-8601; default 7 days, at most 30): 400 with {@code reason}, {@code rule} and
   * {@code message} for a refused draft or a bad {@code since}, 429 while another runs.
   */
  @POST
  @Path("/test")
  @Consumes({MediaType.TEXT_PLAIN, "application/yaml", "application/x-yaml", "text/yaml"})
  public Response test(@QueryParam("since") String since, String draft) {
    try {
      return json(Response.Status.OK.getStatusCode(), backtests.run(draft, since));
    } catch (PolicyBacktests.Refused e) {
      return json(e.status(), e.body());
    }
  }

  private static Response json(int status, Object body) {
    try {
      return Response.status(status).entity(StrataJson.mapper().writeValueAsString(body)).build();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the policy views always serialise", e);
    }
  }
}
