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

  /** The request property holding the authenticated principal. */
  public static final String PRINCIPAL = "strata.principal";

  // Filters are built while Quarkus starts, before runtime configuration exists: read it lazily.
  @Inject Instance<RemediatorConfig> config;
  private volatile BearerTokens tokens;

  @Override
  public void filter(ContainerRequestContext request) {
    Optional<String> principal =
        tokens().principal(request.getHeaderString(HttpHeaders.AUTHORIZATION));
    if (principal.isEmpty()) {
      request.abortWith(
          Response.status(Response.Status.UNAUTHORIZED)
              .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"strata-remediator\"")
              .type(MediaType.TEXT_PLAIN)
              .entity("a valid bearer token is required")
              .build());
      return;
    }
    request.setProperty(PRINCIPAL, principal.get());
  }

  private BearerTokens tokens() {
    BearerTokens current = tokens;
    if (current == null) {
      current = new BearerTokens(config.get().api().tokens());
      tokens = current;
    }
    return current;
  }
}
