package io.strata.events.remediation;

/** The Kubernetes object an action patches. */
public record TargetRef(String apiVersion, String kind, String namespace, String name) {}
