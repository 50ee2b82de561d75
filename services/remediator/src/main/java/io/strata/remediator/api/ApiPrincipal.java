package io.strata.remediator.api;

/** The authenticated caller of the REST API: the principal named by its token and its role. */
public record ApiPrincipal(String name, ApiRole role) {}
