package io.strata.e2e;

import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Scope;
import io.strata.events.remediation.ActionType;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What Strata should raise for one scenario: the incident class (any of, where the brief allows
 * either), the scope, and the remediator's first proposed action (none for a note-only plan).
 */
record Expected(
    Set<IncidentClass> classes,
    String scopeDescription,
    Predicate<Scope> scope,
    Set<ActionType> firstAction) {

  boolean matches(IncidentClass incidentClass, Scope actual) {
    return classes.contains(incidentClass) && actual != null && scope.test(actual);
  }

  static Predicate<Scope> workload(String name) {
    return scope -> holds(scope.workloads(), name);
  }

  static Predicate<Scope> singleNode(String node) {
    return scope -> scope.nodes().equals(List.of(node));
  }

  static Predicate<Scope> gpu(String uuid) {
    return scope -> scope.gpuUuids().contains(uuid);
  }

  static Predicate<Scope> modelVersion(String version) {
    return scope -> scope.modelVersions().contains(version);
  }

  /**
   * Workloads appear as {@code name} or qualified ({@code namespace/name}, {@code cluster/...}).
   */
  static boolean holds(List<String> workloads, String name) {
    return workloads.stream().anyMatch(w -> w.equals(name) || w.endsWith("/" + name));
  }
}
