package io.strata.remediator.api;

import io.strata.remediator.config.RemediatorConfig;
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
import java.util.Optional;

/** Rejects requests to {@link BearerAuth} resources without a configured token. */
@Provider
@BearerAuth
@Priority(Priorities.AUTHENTICATION)
public class BearerAuthFilter implements ContainerRequestFilter {

  /** The request property holding the authenticated principal's name. */
  public static final String PRINCIPAL = "strata.principal";

  /** The request property holding the authenticated {@link ApiPrincipal} (name and role). */
  public static final String CALLER = "strata.caller";

  // Filters are built while Quarkus starts, before runtime configuration exists: read it lazily.
  @Inject Instance<RemediatorConfig> config;
  private volatile BearerTokens tokens;

  @Override
  public void filter(ContainerRequestContext request) {
    Optional<ApiPrincipal> principal =
        tokens().identify(request.getHeaderString(HttpHeaders.AUTHORIZATION));
    if (principal.isEmpty()) {
      request.abortWith(
          Response.status(Response.Status.UNAUTHORIZED)
              .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"strata-remediator\"")
              .type(MediaType.TEXT_PLAIN)
              .entity("a valid bearer token is required")
              .build());
      return;
    }
    request.setProperty(PRINCIPAL, principal.get().name());
    request.setProperty(CALLER, principal.get());
  }

  private BearerTokens tokens() {
    BearerTokens current = tokens;
    if (current == null) {
      RemediatorConfig.Api api = config.get().api();
      current = new BearerTokens(api.tokens(), api.roles(), api.defaultRole());
      tokens = current;
    }
    return current;
  }
}
