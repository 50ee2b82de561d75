package io.strata.remediator.core.cluster;

import io.strata.events.remediation.TargetRef;
import java.util.List;

/**
 * A resource of the Kubernetes API as the remediator addresses it: group ("" is the core group),
 * kind, plural and scope, and the versions Strata reads and patches it at, newest first. Every
 * version listed has the fields Strata patches, with the same names and values (checked against
 * each project's API types, ADR 048), so an action planned at one may run at another.
 */
public record ApiResource(
    String group, String kind, String plural, boolean namespaced, List<String> versions) {

  public ApiResource {
    versions = List.copyOf(versions);
    if (versions.isEmpty()) {
      throw new IllegalArgumentException(kind + ": no version known");
    }
  }

  /** {@code group/version}, or the bare version in the core group. */
  public String apiVersion(String version) {
    return group.isEmpty() ? version : group + "/" + version;
  }

  public String newest() {
    return versions.get(0);
  }

  /** Whether {@code ref} names an object of this kind, at whatever version. */
  public boolean names(TargetRef ref) {
    return ref != null && kind.equals(ref.kind()) && group.equals(groupOf(ref.apiVersion()));
  }

  public TargetRef ref(String version, String namespace, String name) {
    return new TargetRef(apiVersion(version), kind, namespaced ? namespace : null, name);
  }

  /** {@code kueue.x-k8s.io LocalQueue}, {@code core Pod}: how notes name the kind. */
  public String label() {
    return (group.isEmpty() ? "core" : group) + " " + kind;
  }

  /** The group of an apiVersion: "" for {@code v1}, {@code apps} for {@code apps/v1}. */
  public static String groupOf(String apiVersion) {
    int slash = apiVersion == null ? -1 : apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** The version of an apiVersion: {@code v1} for both {@code v1} and {@code apps/v1}. */
  public static String versionOf(String apiVersion) {
    int slash = apiVersion == null ? -1 : apiVersion.indexOf('/');
    return apiVersion == null ? "" : apiVersion.substring(slash + 1);
  }
}
