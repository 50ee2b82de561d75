package io.strata.simulator.k8s;

import java.time.Instant;

/**
 * One PATCH the mock API received that carries a Strata action marker.
 *
 * @param path the request path (the object patched)
 * @param actionId the marker's action id
 * @param receivedAt when the mock API received it
 * @param applied whether the mock's storage applied it (a held-before-apply request is not)
 * @param status the status the mock answered
 */
public record MarkedPatch(
    String path, String actionId, Instant receivedAt, boolean applied, int status) {}
