package io.strata.events.k8s;

/** A node taint, or a DRA device taint (KEP-5055) when {@code device} is set. */
public record Taint(String key, String value, String effect, String device) {}
