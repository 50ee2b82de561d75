package io.strata.events.k8s;

import java.time.Instant;

/** A Kubernetes status condition (Pod, Node), as the API reports it. */
public record Condition(
    String type, String status, String reason, String message, Instant lastTransitionTime) {}
