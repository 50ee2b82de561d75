package io.strata.simulator.model;

/** A Knative revision (or the single version of a plain workload) and the model it serves. */
public record Revision(String name, String modelVersion) {}
