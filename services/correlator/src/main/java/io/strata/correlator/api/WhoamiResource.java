package io.strata.correlator.api;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Who the presented token is and what it may read, like the remediator's /api/whoami. */
@Path("/api/whoami")
@Produces(MediaType.APPLICATION_JSON)
public class WhoamiResource {

  @GET
  public String whoami(@Context ContainerRequestContext request) {
    ApiCaller caller = (ApiCaller) request.getProperty(ApiAuthFilter.CALLER);
    return StrataJsonBody.write(Map.of("principal", caller.name(), "role", caller.role().name()));
  }
}
