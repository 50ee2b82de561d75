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

/** The incidents this instance tracks, in the same JSON as the incidents topic. */
@Path("/api/incidents")
@Produces(MediaType.APPLICATION_JSON)
public class IncidentResource {

  @Inject StoreQueries queries;

  /**
   * @param state only incidents in this state (OPEN, MITIGATING, RESOLVED)
   * @param incidentClass only incidents of this class
   */
  @GET
  public String list(
      @QueryParam("state") IncidentState state, @QueryParam("class") IncidentClass incidentClass) {
    List<Incident> incidents =
        queries.incidents().stream()
            .filter(i -> state == null || i.state() == state)
            .filter(i -> incidentClass == null || i.incidentClass() == incidentClass)
            .toList();
    return StrataJsonBody.write(incidents);
  }

  @GET
  @Path("/{id}")
  public String get(@PathParam("id") String id) {
    return queries.incidents().stream()
        .filter(i -> i.incidentId().equals(id))
        .findFirst()
        .map(StrataJsonBody::write)
        .orElseThrow(() -> new NotFoundException("no incident " + id));
  }
}
