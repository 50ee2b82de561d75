package io.strata.correlator.api;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The incidents of all instances, in the same JSON as the incidents topic. */
@Path("/api/incidents")
@Produces(MediaType.APPLICATION_JSON)
public class IncidentResource {

  @Inject CorrelatorQueries queries;

  /**
   * @param state only incidents in this state (OPEN, MITIGATING, RESOLVED)
   * @param incidentClass only incidents of this class
   * @param scope {@code local}: only this instance's (what instances ask each other)
   */
  @GET
  public String list(
      @QueryParam("state") IncidentState state,
      @QueryParam("class") IncidentClass incidentClass,
      @QueryParam("scope") String scope) {
    List<Incident> incidents =
        queries.incidents("local".equals(scope)).stream()
            .filter(i -> state == null || i.state() == state)
            .filter(i -> incidentClass == null || i.incidentClass() == incidentClass)
            .toList();
    return StrataJsonBody.write(incidents);
  }

  @GET
  @Path("/{id}")
  public String get(@PathParam("id") String id) {
    return queries
        .incident(id)
        .map(StrataJsonBody::write)
        .orElseThrow(() -> new NotFoundException("no incident " + id));
  }
}
