package io.strata.events.k8s;

/** A reference to a Kubernetes object. */
public record ObjectRef(
    String apiVersion, String kind, String namespace, String name, String uid) {}
