package io.strata.correlator.api;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

/**
 * Authenticates every request to the REST resources (/api/...): 401 without a known bearer token,
 * 403 for a scope the caller's role may not read. Health and metrics (/q/...) are not JAX-RS
 * resources and stay open to the kubelet and Prometheus.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class ApiAuthFilter implements ContainerRequestFilter {

  /** The request property holding the authenticated {@link ApiCaller}. */
  public static final String CALLER = "strata.correlator.caller";

  // Filters are built while Quarkus starts, before runtime configuration exists: resolve lazily.
  @Inject Instance<ApiAccess> access;

  @Override
  public void filter(ContainerRequestContext request) {
    boolean local = "local".equals(request.getUriInfo().getQueryParameters().getFirst("scope"));
    ApiAccess.Decision decision =
        access.get().decide(request.getHeaderString(HttpHeaders.AUTHORIZATION), local);
    if (decision.allowed()) {
      request.setProperty(CALLER, decision.caller().orElseThrow());
      return;
    }
    Response.ResponseBuilder refusal =
        Response.status(decision.status()).type(MediaType.TEXT_PLAIN).entity(decision.reason());
    if (decision.status() == 401) {
      refusal.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"strata-correlator\"");
    }
    request.abortWith(refusal.build());
  }
}
